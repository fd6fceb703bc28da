// Helpers of the single sign-on, embedded-mode and saved-token specs: they run against the second app of
// playwright.config.ts (e2e/support/sso-env.ts), next to the local identity providers and SMTP peer.
import type { Page } from '@playwright/test';
import { expect, test as base } from './test';
import { signSignedRequest } from '../../donation-api/sign-in/signed-request';
import { e2eSsoSetup } from './sso-env';

export const sso = e2eSsoSetup();

/** Specs on the SSO-configured app. */
export const test = base.extend({ baseURL: sso.appOrigin });
export { expect };

export const SAVED_TOKEN = 'rfp.saved-token';

/** Signs in on a local issuer's page (its own login form: the e-mail of a known account). */
export async function signInAtIssuer(page: Page, email: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//, { timeout: 20_000 });
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Messages the SMTP peer has received so far. */
export async function receivedMail(): Promise<{ to: string[]; subject: string; text: string }[]> {
  return (await (await fetch(`${sso.controlUrl}/mail`)).json()) as { to: string[]; subject: string; text: string }[];
}

/** Waits for a new message to `to` (after `seen` messages) and answers the invitation link in it. */
export async function invitationLinkMailedTo(to: string, seen: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await receivedMail()).slice(seen).filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
        link = mine.at(-1)?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Waits for a new message to `to` (after `seen` messages) and answers its 6-digit code. */
export async function codeMailedTo(to: string, seen: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await receivedMail()).slice(seen).filter((m) => m.to.includes(to));
        code = mine.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** A signed request as the chat tool makes it, with the test app secret of a variant. */
export function signedRequestFor(opts: { psid: string; tid: string; botSource?: 'rfp' | 'info'; secret?: string; issuedAt?: number }) {
  const secret = opts.secret ?? sso.workplace[opts.botSource ?? 'rfp'].appSecret;
  return signSignedRequest(
    {
      algorithm: 'HMAC-SHA256',
      issued_at: opts.issuedAt ?? Math.floor(Date.now() / 1000),
      psid: opts.psid,
      tid: opts.tid,
      thread_type: 'USER_TO_PAGE',
    },
    secret,
  );
}

/**
 * Serves a stand-in for the chat tool's extensions SDK at WORKPLACE_SDK_URL: it calls extAsyncInit and answers
 * getContext with this context (or never, to let the 5-second time-out happen), recording the app id asked for.
 */
export async function standInSdk(page: Page, context: { tid: string; psid: string; signed_request: string } | 'silent') {
  await page.route(sso.sdkUrl, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.__askedAppIds = [];
window.MessengerExtensions = {
  getContext: function (appId, ok, fail) {
    window.__askedAppIds.push(appId);
    ${context === 'silent' ? '' : `setTimeout(function () { ok(${JSON.stringify({ thread_type: 'USER_TO_PAGE', ...context })}); }, 50);`}
  }
};
if (typeof window.extAsyncInit === 'function') window.extAsyncInit();`,
    }),
  );
}
