// Signing in for the end-to-end tests. The login screen has its own tests (auth.spec.ts, a11y-account.spec.ts, the
// offline sign-in again); every other test needs only a session, made through next-auth's credentials endpoint: per
// test with `login(page)`, or once per worker and user with the `signedInAs` option (a storage state file).
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from './test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DEMO = { username: 'demo', password: 'Demo-2026' } as const;
export const DEMO2 = { username: 'demo2', password: 'Demo-2026' } as const;
export type Credentials = { username: string; password: string };
export type Lang = 'en' | 'fr';

export const LOCALE_COOKIE = 'fbc-locale';

/** The language cookie the EN/FR toggle sets. */
export async function setLanguage(context: BrowserContext, baseURL: string, lang: Lang) {
  await context.addCookies([{ name: LOCALE_COOKIE, value: lang, url: baseURL }]);
}

/** Through the screen: fill the form, press Login, wait until the app has left /login. */
export async function loginThroughForm(page: Page, creds: Credentials = DEMO, target = '/login') {
  await page.goto(target);
  await page.locator('input[name="username"]').fill(creds.username);
  await page.locator('input[name="password"]').fill(creds.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 20_000 });
}

/**
 * Signs `page`'s context in (the demo user unless named) and opens `to` (default "/"). `via: 'form'` goes through
 * the login screen instead, for tests of what the screen does after a sign-in.
 */
export async function login(
  page: Page,
  opts: { lang?: Lang; username?: string; password?: string; to?: string; via?: 'form' | 'session' } = {},
) {
  const context = page.context();
  const creds = { username: opts.username ?? DEMO.username, password: opts.password ?? DEMO.password };
  if (opts.via === 'form') {
    const base = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
    if (opts.lang) await setLanguage(context, page.url().startsWith('http') ? new URL(page.url()).origin : base, opts.lang);
    await loginThroughForm(page, creds, opts.to ? `/login?callbackUrl=${encodeURIComponent(opts.to)}` : '/login');
    return;
  }
  const origin = await loginByApi(context.request, creds);
  if (opts.lang) await setLanguage(context, origin, opts.lang);
  await page.goto(opts.to ?? '/');
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** next-auth credentials sign-in over HTTP (CSRF token first); leaves the session cookie in `request` and answers
 * the app's origin. */
export async function loginByApi(request: APIRequestContext, creds: Credentials = DEMO): Promise<string> {
  const csrf = await request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, username: creds.username, password: creds.password, json: 'true', callbackUrl: '/' },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(res.status());
  const cookies = (await request.storageState()).cookies;
  if (!cookies.some((c) => c.name.endsWith('session-token'))) throw new Error(`sign-in of ${creds.username} failed`);
  return new URL(csrf.url()).origin;
}

const stateFiles = new Map<string, string>();

/** A storage state file holding a signed-in session of `creds` (made once per worker). */
export async function storageStateFor(browser: Browser, baseURL: string, creds: Credentials = DEMO): Promise<string> {
  const key = `${creds.username}@${baseURL}`;
  const known = stateFiles.get(key);
  if (known && fs.existsSync(known)) return known;
  const file = path.join(os.tmpdir(), 'rfp-e2e-auth', `${creds.username}-${process.pid}-${Date.now()}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const context = await browser.newContext({ baseURL });
  await loginByApi(context.request, creds);
  await context.storageState({ path: file });
  await context.close();
  stateFiles.set(key, file);
  return file;
}

type Fixtures = { signedInAs: Credentials | null; lang: Lang };

/**
 * `test` with two options: `signedInAs` (a session from the start, shared per worker: never log it out or
 * change its password; use a fresh login for that) and `lang` (the language cookie before the first page).
 */
export const test = base.extend<Fixtures>({
  signedInAs: [null, { option: true }],
  lang: ['en', { option: true }],
  storageState: async ({ signedInAs, browser, baseURL, storageState }, use) => {
    await use(signedInAs ? await storageStateFor(browser, baseURL!, signedInAs) : storageState);
  },
  context: async ({ context, lang, baseURL }, use) => {
    await setLanguage(context, baseURL!, lang);
    await use(context);
  },
});
export { expect };

/** Home is "/", whatever query the reports screen adds (its year). */
export const isHome = (url: URL) => url.pathname === '/';
