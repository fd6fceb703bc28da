#!/usr/bin/env node
// The npm registry reachable here lacks some platform-specific optional packages (e.g. @swc/core-darwin-arm64
// 1.16.22), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds an entry, marked optional, for every optional dependency the lock lacks, and gives every entry without
// an integrity the platform fields the registry publishes for it (`npm view`): `os`, `cpu` and `libc` of that version,
// with its `integrity` and `resolved` when the registry has it, else those of the newest version it has (a binding's
// platform never changes between versions). Guessing them from the name is wrong: "openharmony" is no Node `os`, so
// such a guess left @unrs/resolver-binding-openharmony-arm64 as "any arm64" and npm would install it on arm64 Linux.
// Run it after every `npm install` that changes the lock: node scripts/fix-lockfile.mjs
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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

async function view(spec) {
  try {
    const { stdout } = await run(npm, ['view', spec, 'name', 'version', 'os', 'cpu', 'libc', 'dist', '--json'], {
      maxBuffer: 1 << 24,
    });
    const answer = JSON.parse(stdout);
    return Array.isArray(answer) ? answer.at(-1) : answer;
  } catch {
    return null; // E404: no such version (or package)
  }
}

const asList = (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const key = pkgs[`node_modules/${name}`] ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    pkgs[key] = { version: version.replace(/^[~^]/, ''), ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}

const missing = Object.entries(pkgs).filter(([path, meta]) => path && !meta.integrity && !meta.link && !meta.resolved?.startsWith('file:'));
const unknown = [];
let exact = 0;
// A few at a time: one `npm view` per package, and never more than the lock needs.
const queue = [...missing];
await Promise.all(
  Array.from({ length: 6 }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [path, meta] = item;
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const same = await view(`${name}@${meta.version}`);
      const info = same ?? (await view(name));
      if (!info) {
        unknown.push(`${name}@${meta.version}`);
        continue;
      }
      for (const field of ['os', 'cpu', 'libc']) {
        const value = asList(info[field]);
        if (value) meta[field] = value;
        else delete meta[field];
      }
      if (same) {
        meta.resolved = info.dist.tarball;
        meta.integrity = info.dist.integrity;
        exact++;
      }
    }
  }),
);

// npm's own key order inside an entry, so a later `npm install` rewrites nothing.
const ORDER = ['version', 'resolved', 'integrity', 'cpu', 'dev', 'libc', 'license', 'optional', 'os'];
for (const [path] of missing) {
  const meta = pkgs[path];
  const rank = (k) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  pkgs[path] = Object.fromEntries(Object.entries(meta).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(
  `fix-lockfile: ${added} entr${added === 1 ? 'y' : 'ies'} added; ${missing.length} without integrity, ` +
    `${exact} now complete from the registry, ${missing.length - exact - unknown.length} with the platform of the newest published version`,
);
if (unknown.length) {
  console.error(`fix-lockfile: the registry knows none of these; check their os/cpu/libc by hand: ${unknown.join(', ')}`);
  process.exitCode = 1;
}
