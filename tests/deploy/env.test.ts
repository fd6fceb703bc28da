// The environment is checked once at start, on the API side (donation-api/config.ts) and the Next side
// (web/server/env.ts): every wrong value is refused with a line naming its variable, all in one list.
import fs from 'node:fs';
import path from 'node:path';
import { apiEnv } from '@/donation-api/config';
import { EnvError } from '@/donation-api/env';
import { serverEnv } from '@/web/server/env';

const root = path.resolve(__dirname, '..', '..');

function problems(check: () => unknown): string[] {
  try {
    check();
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
}

const BAD: Record<string, string> = {
  BANANA_BOX_LBS: 'abc',
  TRUSTED_PROXY_HOPS: 'abc',
  APP_TIME_ZONE: 'Mars/Olympus',
  LOG_LEVEL: 'verbose',
};

describe('environment validation', () => {
  it.each(Object.entries(BAD))('refuses %s=%s on both sides, naming the variable', (name, value) => {
    for (const check of [apiEnv, serverEnv]) {
      const found = problems(() => check({ [name]: value }));
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(name);
      expect(found[0]).toContain(JSON.stringify(value));
    }
  });

  it.each(['not a url', 'ftp://example.org', 'https://example.org/app/'])('refuses NEXTAUTH_URL=%s', (value) => {
    const found = problems(() => serverEnv({ NEXTAUTH_URL: value }));
    expect(found).toEqual([expect.stringMatching(/^NEXTAUTH_URL: expected an origin/)]);
  });

  it('lists every wrong variable at once, in one readable message', () => {
    let message = '';
    try {
      serverEnv({ ...BAD, NEXTAUTH_URL: 'localhost:3000', NODE_ENV: 'production' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of [...Object.keys(BAD), 'NEXTAUTH_URL', 'NEXTAUTH_SECRET']) expect(message).toContain(`  - ${name}: `);
    expect(message.split('\n')).toHaveLength(7);
  });

  it('requires NEXTAUTH_SECRET in production only, and never prints a secret', () => {
    expect(problems(() => serverEnv({ NODE_ENV: 'production' }))).toEqual([
      expect.stringMatching(/^NEXTAUTH_SECRET: required in production/),
    ]);
    expect(problems(() => serverEnv({ NODE_ENV: 'development' }))).toEqual([]);
    expect(problems(() => serverEnv({ NODE_ENV: 'production', NEXTAUTH_SECRET: 'x'.repeat(43) }))).toEqual([]);
    const short = problems(() => serverEnv({ NEXTAUTH_SECRET: 'hunter2' }));
    expect(short).toEqual([expect.stringContaining('NEXTAUTH_SECRET')]);
    expect(short[0]).not.toContain('hunter2');
    const url = problems(() => serverEnv({ DATABASE_URL: 'mysql://root:s3cret@db/rfp' }));
    expect(url).toEqual([expect.stringContaining('DATABASE_URL')]);
    expect(url[0]).not.toContain('s3cret');
  });

  it('accepts the defaults and empty values (an empty line in .env is unset)', () => {
    const e = serverEnv({ BANANA_BOX_LBS: '', LOG_LEVEL: '' });
    expect(e.BANANA_BOX_LBS).toBe(40);
    expect(e.TRUSTED_PROXY_HOPS).toBe(0);
    expect(e.APP_TIME_ZONE).toBe('America/Toronto');
    expect(e.LOG_LEVEL).toBe('info');
    expect(apiEnv({ BANANA_BOX_LBS: '32.5', TRUSTED_PROXY_HOPS: '2' })).toMatchObject({ BANANA_BOX_LBS: 32.5, TRUSTED_PROXY_HOPS: 2 });
  });
});

/** Names of the variables the code reads: process.env.X anywhere in the app and its entry points, and the schemas' keys. */
function variablesTheCodeReads(): Set<string> {
  const names = new Set<string>();
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) files.push(rel);
    }
  };
  for (const dir of ['app', 'components', 'lib', 'web', 'donation-api']) walk(dir);
  // The command-line entry points (benchmarks have their own BENCH_* knobs, documented in their header).
  for (const f of fs.readdirSync(path.join(root, 'scripts')))
    if (!f.startsWith('bench-') && /\.(ts|mjs)$/.test(f)) files.push(`scripts/${f}`);
  files.push('next.config.ts', 'proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts', 'drizzle.config.ts');
  for (const f of files) {
    const text = fs.readFileSync(path.join(root, f), 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\b(?:env|e)\.([A-Z][A-Z0-9_]{2,})\b/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\bval\('([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]!);
  }
  for (const key of Object.keys(serverEnv({}))) names.add(key);
  // Set by Node and Next themselves, not by an operator.
  for (const platform of ['NODE_ENV', 'NEXT_RUNTIME']) names.delete(platform);
  // glibc's allocator settings, which npm start passes to the server it starts. glibc reads them when a process
  // begins, so the release's server.js could not take them from its .env file (read by the process itself): they are
  // the service's environment (docs/operations.md, Memory), not the app's settings.
  for (const allocator of ['MALLOC_ARENA_MAX', 'MALLOC_TRIM_THRESHOLD_', 'MALLOC_MMAP_THRESHOLD_']) names.delete(allocator);
  return names;
}

it('.env.example lists every variable the code reads, and only those', () => {
  const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const read = variablesTheCodeReads();
  expect([...read].filter((v) => !listed.has(v)).sort()).toEqual([]);
  // Tests' own variables are read by the test support and Playwright's configuration.
  const testsOnly = ['TEST_DATABASE_URL', 'CHROMIUM_PATH'];
  expect([...listed].filter((v) => !read.has(v!) && !testsOnly.includes(v!)).sort()).toEqual([]);
});
