// /api/docs ran the newest Scalar script of a public CDN on the app's origin (unpinned, no integrity, no policy) and
// was blank offline. Now the page loads the app's own pinned copy, under a nonce Content-Security-Policy.
import fs from 'node:fs';
import { scalarScriptFile } from '@/donation-api/api-docs';
import { createTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi('pglite');
});
afterAll(() => api.close());

it('the reference page names no other origin and runs only its own nonced scripts', async () => {
  const res = await api.app.request('/api/docs');
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
  const policy = res.headers.get('content-security-policy') ?? '';
  const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  expect(policy).not.toMatch(/https?:/);
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  expect(html).toContain('src="/api/docs/scalar.js"');
  expect(html).toContain('/api/openapi.json');
  // A new nonce per page.
  const again = await api.app.request('/api/docs');
  expect(again.headers.get('content-security-policy')).not.toBe(policy);
});

it('serves Scalar’s script itself, without a token: the pinned package’s file', async () => {
  const res = await api.app.request('/api/docs/scalar.js');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.equals(fs.readFileSync(scalarScriptFile()))).toBe(true);
  expect(body.includes('createApiReference')).toBe(true);
  const pinned = JSON.parse(fs.readFileSync('package.json', 'utf8')).dependencies['@scalar/api-reference'];
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
});
