import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// What an operator reads in the release folder points at what is there: .env.example (README.txt and the
// environment errors name it), and the administration command as it is typed there (no npm in a release).
const releaseDir = process.env.E2E_RELEASE_DIR!;

test('ships .env.example, and README.txt and admin.cjs help name the commands that work there', () => {
  expect(fs.readFileSync(path.join(releaseDir, '.env.example'), 'utf8')).toContain('NEXTAUTH_SECRET=');
  const readme = fs.readFileSync(path.join(releaseDir, 'README.txt'), 'utf8');
  expect(readme).toContain('.env.example');
  expect(readme).toContain('node admin.cjs create-admin <username> <email>');
  const help = spawnSync(process.execPath, ['admin.cjs', 'help'], { cwd: releaseDir, encoding: 'utf8' });
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('Usage: node admin.cjs <command>');
  expect(help.stdout).toContain('create-admin <username> <email>');
  expect(help.stdout).not.toContain('npm run admin');
});
