// Hardening, the server half in a real browser: the open redirect after sign-in, security headers and the CSP,
// revoked sessions, a cross-site sign-out, the device cookie.
import { expect, test } from './support/test';
import { DEMO, loginThroughForm } from './support/auth';

const freshAddress = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() });
});

test('sign-in never follows a callbackUrl that normalises to another origin', async ({ page, baseURL }) => {
  for (const callbackUrl of ['/.//evil.example/x', '/%2e//evil.example/x', '/x/..//evil.example/x', '/\\evil.example/x']) {
    await page.context().clearCookies();
    await loginThroughForm(page, DEMO, `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  }
});

test('pages carry a nonce CSP and the security headers; the scripts run under it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto('/login');
  const headers = res!.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toBeUndefined(); // plain http here
  const nonce = /'nonce-([^']+)'/.exec(csp!)![1];
  const scripts = await page.locator('script').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);
  // A new nonce per request.
  const again = (await page.request.get('/login')).headers()['content-security-policy'];
  expect(again).not.toBe(csp);

  // Sign-in works under the policy (hydrated form), and so does the signed-in app.
  await page.locator('input[name="username"]').fill(DEMO.username);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  expect(violations).toEqual([]);

  // A signed-in page with a static-looking suffix still goes through the proxy and gets the policy.
  const suffixed = await page.request.get('/donations/2026/10.js', { maxRedirects: 0 });
  expect(suffixed.headers()['content-security-policy']).toContain("object-src 'none'");
});

test('the password sign-in leaves an httpOnly device cookie', async ({ page }) => {
  await loginThroughForm(page, DEMO);
  const device = (await page.context().cookies()).find((c) => c.name.endsWith('rfp.device'));
  expect(device?.httpOnly).toBe(true);
  expect(device?.value).toMatch(/^v1\./);
});

test('after sign-out the old session cookie gets the sign-in page, not the app with names', async ({ page, browser, baseURL }) => {
  await loginThroughForm(page, DEMO);
  const saved = await page.context().storageState();
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const out = await page.request.post('/api/auth/signout', { form: { csrfToken, json: 'true', callbackUrl: '/login' } });
  expect(out.ok()).toBe(true);

  const replay = await browser.newContext({ baseURL, storageState: saved });
  const old = await replay.newPage();
  await old.goto('/');
  await expect(old).toHaveURL(/\/login/);
  await expect(old.getByText('Toronto', { exact: false })).toHaveCount(0);
  await replay.close();
});

test('a cross-site sign-out without the CSRF token is refused and keeps the saved token and the session', async ({ page }) => {
  await loginThroughForm(page, DEMO);
  const before = (await page.context().cookies()).find((c) => c.name.endsWith('saved-token'));
  expect(before).toBeTruthy();
  const res = await page.request.post('/api/auth/signout', {
    form: { callbackUrl: 'https://evil.example/' },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(res.headers()['set-cookie'] ?? '').not.toMatch(/saved-token=;/);
  const after = (await page.context().cookies()).find((c) => c.name.endsWith('saved-token'));
  expect(after?.value).toBe(before!.value);
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/login/);
});

test('public and BFF handlers limit the body before reading it and refuse a NUL character', async ({ page, baseURL }) => {
  const headers = { origin: new URL(baseURL!).origin, 'content-type': 'application/json' };
  // 20 MB of username: refused by its size (413), not read into memory first. The server answers and closes the
  // connection at once, so a client still sending may see the close (EPIPE, reset) before it reads the 413.
  const huge = await page.request
    .post('/bff/public/forgot-password', { headers, data: `{"username":"${'a'.repeat(20_000_000)}"}` })
    .then((res) => res.status())
    .catch((err: Error) => err.message);
  expect(String(huge)).toMatch(/^413$|EPIPE|ECONNRESET|socket hang up/);
  const nul = await page.request.post('/bff/public/forgot-password', { headers, data: JSON.stringify({ username: 'de\u0000mo' }) });
  expect([nul.status(), (await nul.json()).code]).toEqual([400, 'INVALID_CHARACTERS']);

  await loginThroughForm(page, DEMO);
  const contacts = (await (await page.request.get('/bff/contact')).json()) as { id: string }[];
  const feedback = await page.request.post('/bff/feedback', {
    headers,
    data: JSON.stringify({ contactId: contacts[0]!.id, message: 'a\u0000b' }),
  });
  expect([feedback.status(), (await feedback.json()).code]).toEqual([400, 'INVALID_CHARACTERS']);
  const big = await page.request.post('/bff/feedback', {
    headers,
    data: JSON.stringify({ contactId: contacts[0]!.id, message: 'x'.repeat(300_000) }),
  });
  expect(big.status()).toBe(413);
});
