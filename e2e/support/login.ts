import { expect, type Page } from '@playwright/test';

// Sign-in through the real /login form, for any spec. The demo data has user demo / Demo-2026 with two branches.

export const DEMO_USER = { username: process.env.E2E_USERNAME ?? 'demo', password: process.env.E2E_PASSWORD ?? 'Demo-2026' };

export type Lang = 'en' | 'fr';

/** Sets the language cookie (fbc-locale), which wins over the user's locale. */
export async function setLanguage(page: Page, lang: Lang) {
  const base = new URL(
    page.url().startsWith('http') ? page.url() : (process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`),
  );
  await page.context().addCookies([{ name: 'fbc-locale', value: lang, url: base.origin }]);
}

/** Signs in with the login form and waits for the page the login sends us to. */
export async function login(page: Page, opts: { lang?: Lang; username?: string; password?: string; to?: string } = {}) {
  if (opts.lang) await setLanguage(page, opts.lang);
  await page.goto(opts.to ? `/login?callbackUrl=${encodeURIComponent(opts.to)}` : '/login');
  await page.locator('input[name="username"]').fill(opts.username ?? DEMO_USER.username);
  await page.locator('input[name="password"]').fill(opts.password ?? DEMO_USER.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  // The language cookie is cleared at log out only; keep it set for this session.
  if (opts.lang) await setLanguage(page, opts.lang);
}
