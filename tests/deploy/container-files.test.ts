// The Dockerfile and compose.yaml are built outside CI (no Docker engine here, and hadolint is in neither Debian's
// archive nor the npm registry), so what they must keep is checked by reading them: the Node major of .nvmrc, an
// unprivileged user, the liveness check, the data volume, and a pg_dump of compose's PostgreSQL major (an older
// pg_dump refuses a newer server: Debian bookworm's is 15, compose ran 17), the product's version in the image's tag
// and label, and the stop's grace period.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
/** The instructions of the Dockerfile, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages = dockerfile.split(/^FROM /m).slice(1);
const runStage = stages[stages.length - 1];

it('builds and runs on the Node major of .nvmrc', () => {
  const major = read('.nvmrc').trim().split('.')[0];
  const froms = instructions.filter((l) => l.startsWith('FROM '));
  expect(froms.length).toBeGreaterThan(0);
  for (const from of froms) expect(from).toMatch(new RegExp(`^FROM node:${major}[-.]`));
});

it('runs as an unprivileged user, with a liveness check on /api/health and a /data volume', () => {
  const users = instructions.filter((l) => l.startsWith('USER '));
  expect(users.length).toBeGreaterThan(0);
  expect(users[users.length - 1]).not.toMatch(/^USER (root|0)(:|$)/);
  expect(runStage).toMatch(/^USER (?!root|0)\S+/m);
  expect(instructions.find((l) => l.startsWith('HEALTHCHECK '))).toContain('/api/health');
  expect(instructions).toContainEqual(expect.stringMatching(/^VOLUME \[?"?\/data"?\]?$/));
});

it('installs the pg_dump of compose’s PostgreSQL major version', () => {
  const composeMajor = /image:\s*postgres:(\d+)/.exec(compose)?.[1];
  expect(composeMajor).toBeTruthy();
  const arg = /^ARG PG_MAJOR=(\d+)$/m.exec(runStage!)?.[1];
  const install = /postgresql-client-(\$\{PG_MAJOR\}|\d+)/.exec(runStage!)?.[1];
  expect(install).toBeTruthy();
  expect(install === '${PG_MAJOR}' ? arg : install).toBe(composeMajor);
  // Debian's unversioned package is bookworm's 15, whatever compose runs.
  expect(runStage).not.toMatch(/install[^\n]*\bpostgresql-client(\s|$)/);
});

it('compose checks the app’s readiness and keeps its data in volumes', () => {
  expect(compose).toContain('/api/ready');
  expect(compose).toMatch(/-\s*appdata:\/data/);
});

it('names the image with the product’s version, in compose’s tag and the Dockerfile’s label', () => {
  const { version } = JSON.parse(read('package.json')) as { version: string };
  expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  expect(/^\s*image:\s*rfp-donations:(\S+)$/m.exec(compose)?.[1]).toBe(version);
  expect(/org\.opencontainers\.image\.version="([^"]+)"/.exec(runStage!)?.[1]).toBe(version);
  expect(dockerfile).toContain(`docker build -t rfp-donations:${version} .`);
});

it('gives the app 15 s to stop before Docker kills it (the stop takes up to 10 s, then 3 s to close the database)', () => {
  const app = compose.slice(compose.indexOf('\n  app:'));
  expect(/^\s*stop_grace_period:\s*(\d+)s$/m.exec(app)?.[1]).toBe('15');
});
