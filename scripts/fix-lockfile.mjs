#!/usr/bin/env node
// The npm registry reachable here lacks some platform-specific optional packages (e.g. @swc/core-darwin-arm64),
// so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds a stub entry, marked optional and limited to its platform, for every optional dependency the lock
// lacks: npm ci accepts the lock and skips the stubs, since their os/cpu never match this machine.
// Run it after every `npm install` that changes the lock: node scripts/fix-lockfile.mjs
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = { x64: 'x64', arm64: 'arm64', arm: 'arm', ia32: 'ia32', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', wasm32: 'wasm32', mips64el: 'mips64el' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p.replace(/eabihf$/, '')]).find(Boolean);
  return { os, cpu };
}

function resolves(parentPath, name) {
  // Node resolution inside the lock: walk up from the parent's own node_modules.
  let base = parentPath;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[candidate]) return true;
    if (!base) return false;
    const i = base.lastIndexOf('/node_modules/');
    base = i === -1 ? '' : base.slice(0, i);
  }
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const { os, cpu } = platformOf(name);
    if (!os && !cpu) continue; // not a platform package: leave it for npm to report
    const key = pkgs[`node_modules/${name}`] ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    pkgs[key] = { version: version.replace(/^[~^]/, ''), optional: true, ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu === 'wasm32' ? 'wasm32' : cpu] } : {}) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lockfile: ${added} platform stub(s) added`);
