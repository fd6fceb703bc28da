// npm start rebuilds when the build's id (the hash of what it was built from) differs from the tree's hash:
// the hash follows the sources, the lock and the version, and nothing that is not part of the build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The module is plain ESM for Node (next.config.ts and npm start load it): run it as Node does.
const script = path.resolve(__dirname, '..', '..', 'scripts', 'source-hash.mjs');
const sourceHash = (dir: string) =>
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import { sourceHash } from ${JSON.stringify(script)}; console.log(sourceHash(process.argv[1]));`, dir],
    {
      encoding: 'utf8',
    },
  ).trim();

function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-hash-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('package.json', JSON.stringify({ name: 'rfp-donations', version: '0.1.0' }));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('app/page.tsx', 'export default function Page() { return null; }');
  write('lib/domain/weight.ts', 'export const DEFAULT_BANANA_BOX_LBS = 40;');
  write('lib/domain/weight.test.ts', 'it("x", () => {});');
  write('messages/en.json', '{}');
  write('README.md', '# readme');
  return dir;
}

const edit = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

it('is stable for the same tree', () => {
  const a = tree();
  const b = tree();
  expect(sourceHash(a)).toBe(sourceHash(b));
  expect(sourceHash(a)).toMatch(/^[0-9a-f]{32}$/);
});

it.each([
  ['a source file', 'app/page.tsx', 'export default function Page() { return "new"; }'],
  ['a message', 'messages/en.json', '{"a":"b"}'],
  ['the lock', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
  ['the version', 'package.json', JSON.stringify({ name: 'rfp-donations', version: '0.2.0' })],
])('changes with %s', (_what, file, text) => {
  const dir = tree();
  const before = sourceHash(dir);
  edit(dir, file, text);
  expect(sourceHash(dir)).not.toBe(before);
});

it('ignores tests and documentation, which are not built', () => {
  const dir = tree();
  const before = sourceHash(dir);
  edit(dir, 'lib/domain/weight.test.ts', 'it("y", () => {});');
  edit(dir, 'README.md', '# changed');
  expect(sourceHash(dir)).toBe(before);
});
