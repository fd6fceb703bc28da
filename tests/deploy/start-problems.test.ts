// A wrong setting stops a start with the same list as every other wrong setting, never a stack trace. LOG_LEVEL was
// read by pino when the logger was made, before the environment check: `verbose` threw "unknown level" with a
// stack, and the other wrong settings of the same start went unsaid. (The web server's side, `node server.js` and
// `npm start`, is e2e/release/start-problems.spec.ts: it needs a build.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, logLevelOf } from '@/donation-api/logger';

const root = path.resolve(__dirname, '..', '..');

it('npm run api with a wrong LOG_LEVEL and another wrong setting exits 1 with one list naming both, no stack', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-start-problems-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'verbose', BANANA_BOX_LBS: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('LOG_LEVEL');
    expect(output).toContain('"verbose"');
    expect(output).toContain('BANANA_BOX_LBS');
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toMatch(/unknown level/i);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

it('a logger made with a level pino does not know logs at info, so the check can say what is wrong', () => {
  expect(logLevelOf('verbose')).toBe('info');
  expect(logLevelOf(undefined)).toBe('info');
  expect(logLevelOf('debug')).toBe('debug');
  expect(logLevelOf('silent')).toBe('silent');
  expect(() => createLogger(undefined, 'verbose')).not.toThrow();
});
