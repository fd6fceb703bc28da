// A hash of everything a production build is made from: the sources, the messages, the public files, the
// configuration, package.json (its version) and the lock. next.config.ts makes it the build's BUILD_ID, and
// npm start rebuilds when the BUILD_ID on disk differs from the hash of the tree it runs in (an upgrade).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const DIRS = ['app', 'components', 'lib', 'web', 'donation-api', 'messages', 'public'];
const FILES = [
  'package.json',
  'package-lock.json',
  'next.config.ts',
  'instrumentation.ts',
  'instrumentation-node.ts',
  'proxy.ts',
  'tsconfig.json',
  'postcss.config.mjs',
  'global.d.ts',
  'scripts/source-hash.mjs',
  'scripts/edge-contract.mjs',
];

function walk(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, rel, out);
    // Tests are not part of the build.
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
}

/** Hex sha-256 (first 32 characters) of the build inputs under root, in a stable order. */
export function sourceHash(root) {
  const files = FILES.filter((f) => fs.existsSync(path.join(root, f)));
  for (const dir of DIRS) if (fs.existsSync(path.join(root, dir))) walk(root, dir, files);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}
