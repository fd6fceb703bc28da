import 'server-only';
import type { NextAuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { BOT_SOURCES, type BotSource } from '@/lib/domain/enums';
import {
  CALLBACK_URL_COOKIE,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE,
  LINK_STATE_COOKIE,
  readCookie,
  renewalAllowed,
  SAVED_TOKEN_COOKIE,
  trySetCookie,
} from './auth-cookies';
import { callDonationApi, donationApiJson, ApiCallError } from './donation-api-client';
import { LOCKED_FOR } from '@/lib/domain/errors';
import { SESSION_COOKIE, secureCookies } from './env';
import { isSsoProvider, SSO_PROVIDERS, ssoProviders, type SsoProviderId } from './sso-providers';
import { applyAnswer, RENEW_BEFORE_MS, renewSso } from './session-renewal';
import type { LoginAnswer } from '@/lib/domain/answers';
import type { SessionUser } from '@/lib/domain/user-answers';

declare module 'next-auth' {
  interface Session {
    user: SessionUser;
  }
}
declare module 'next-auth/jwt' {
  interface JWT {
    apiToken?: string;
    apiTokenExpiresAt?: string;
    user?: SessionUser;
    /**
     * Single sign-on users only, server-side (the JWT cookie is encrypted and httpOnly, and the session callback
     * never copies it): the provider's ID token as id_token_hint for the provider log out, and its refresh token
     * for silent renewal.
     */
    sso?: { provider: SsoProviderId; idToken?: string; refreshToken?: string };
  }
}

/**
 * Login error codes the login screen translates (LOGIN_INVALID, LOGIN_NO_BRANCH, LOGIN_TOO_MANY, LOGIN_SERVER_ERROR),
 * or `LOGIN_TOO_MANY:<minutes>` when the API's Retry-After said how long the lock lasts.
 */
export function loginErrorCode(err: unknown): string {
  if (err instanceof ApiCallError) {
    if (err.status >= 500) return 'LOGIN_SERVER_ERROR';
    // next-auth passes on one string: a lock's minutes (from its Retry-After) travel with its code, so the screen can
    // say them in its language.
    if (err.code === 'LOGIN_TOO_MANY' && err.retryAfterSeconds) return `${LOCKED_FOR}${Math.ceil(err.retryAfterSeconds / 60)}`;
    return err.code ?? 'LOGIN_INVALID';
  }
  return 'LOGIN_SERVER_ERROR';
}

function toUser(answer: LoginAnswer): User & LoginAnswer {
  return { ...answer, id: answer.id, email: answer.contactEmail, name: answer.username };
}

/** The whole x-forwarded-for chain, passed on as is: the API reads the trusted entry from its right end. */
export function clientAddress(headers: Record<string, unknown> | undefined): string | undefined {
  const xff = headers?.['x-forwarded-for'];
  return typeof xff === 'string' ? xff.slice(0, 1000) : undefined;
}

/** A refusal of the sign-in routes: their own code (SSO_UNKNOWN_USER, LOGIN_NO_BRANCH, 503 SSO_PROVIDER_UNAVAILABLE…). */
function ssoErrorCode(err: unknown): string {
  if (err instanceof ApiCallError && err.code && (err.status < 500 || err.code.startsWith('SSO_') || err.code.startsWith('CHALLENGE_')))
    return err.code;
  return err instanceof ApiCallError && err.status < 500 ? 'SSO_AUTHENTICATE_AGAIN' : 'SSO_UNEXPECTED';
}

const botSourceOf = (v: unknown): BotSource | undefined => ((BOT_SOURCES as readonly unknown[]).includes(v) ? (v as BotSource) : undefined);

/** A credentials sign-in that ends in a login answer of the donation API (or a thrown error code). */
async function loginCall(path: string, init: Parameters<typeof donationApiJson>[1]): Promise<User & LoginAnswer> {
  try {
    return toUser(await donationApiJson<LoginAnswer>(path, init));
  } catch (err) {
    throw new Error(ssoErrorCode(err));
  }
}

/** Cookie options per request: sessions opened inside the chat tool's frame need SameSite=None (see the route). */
export function authOptionsFor(opts: { crossSite: boolean }): NextAuthOptions {
  const secure = secureCookies();
  const sameSite = opts.crossSite && secure ? ('none' as const) : ('lax' as const);
  const cookieOptions = { httpOnly: true, sameSite, path: '/', secure };
  return {
    session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
    pages: { signIn: '/login', error: '/login' },
    useSecureCookies: secure,
    cookies: {
      sessionToken: { name: SESSION_COOKIE(), options: cookieOptions },
      callbackUrl: { name: CALLBACK_URL_COOKIE(), options: cookieOptions },
      csrfToken: { name: secure ? '__Host-rfp.csrf-token' : 'rfp.csrf-token', options: cookieOptions },
      // The OAuth checks cross from the identity provider back to us: a top-level GET, Lax is enough.
      pkceCodeVerifier: {
        name: secure ? '__Secure-rfp.pkce' : 'rfp.pkce',
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 900 },
      },
      state: {
        name: secure ? '__Secure-rfp.state' : 'rfp.state',
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 900 },
      },
      nonce: { name: secure ? '__Secure-rfp.nonce' : 'rfp.nonce', options: { httpOnly: true, sameSite: 'lax', path: '/', secure } },
    },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Username and password',
        credentials: { username: { type: 'text' }, password: { type: 'password' } },
        async authorize(credentials, req) {
          const username = credentials?.username?.trim();
          const password = credentials?.password;
          if (!username || !password) throw new Error('LOGIN_INVALID');
          const address = clientAddress(req?.headers as Record<string, unknown>);
          const deviceCookie = await readCookie(DEVICE_COOKIE());
          try {
            const { deviceCookie: issued, ...answer } = await donationApiJson<LoginAnswer & { deviceCookie?: string }>('/api/user/login', {
              method: 'POST',
              body: { username, password, ...(deviceCookie && deviceCookie.length <= 400 ? { deviceCookie } : {}) },
              headers: address ? { 'x-forwarded-for': address } : undefined,
            });
            if (issued) await trySetCookie(DEVICE_COOKIE(), issued, DEVICE_COOKIE_MAX_AGE);
            return toUser(answer);
          } catch (err) {
            throw new Error(loginErrorCode(err));
          }
        },
      }),
      // Embedded chat view: the chat tool's context id and signed request, verified by the API.
      CredentialsProvider({
        id: 'workplace',
        name: 'Chat tool',
        credentials: { contextId: { type: 'text' }, signedRequest: { type: 'text' }, botSource: { type: 'text' } },
        async authorize(credentials) {
          const botSource = botSourceOf(credentials?.botSource);
          const signedRequest = credentials?.signedRequest;
          const contextId = credentials?.contextId ?? '';
          if (!botSource || !signedRequest || signedRequest.length > 8192 || contextId.length > 256)
            throw new Error('SSO_AUTHENTICATE_AGAIN');
          try {
            return toUser(
              await donationApiJson<LoginAnswer>('/api/user/login/facebook', {
                method: 'POST',
                body: { username: contextId || undefined, password: signedRequest, botSource },
              }),
            );
          } catch (err) {
            if (
              err instanceof ApiCallError &&
              err.code === 'EMBEDDED_NOT_LINKED' &&
              typeof (err.body as { linkState?: unknown })?.linkState === 'string'
            ) {
              // The chat identity is verified but linked to nobody: the link state waits server-side for the e-mail code.
              await trySetCookie(LINK_STATE_COOKIE(), (err.body as { linkState: string }).linkState, 15 * 60);
            }
            throw new Error(ssoErrorCode(err));
          }
        },
      }),
      // The chat tool's e-mail code: the code the user received, checked against the link state kept in its cookie.
      CredentialsProvider({
        id: 'workplace-code',
        name: 'E-mail code',
        credentials: { code: { type: 'text' }, botSource: { type: 'text' } },
        async authorize(credentials) {
          const botSource = botSourceOf(credentials?.botSource);
          const code = credentials?.code?.trim() ?? '';
          const linkState = await readCookie(LINK_STATE_COOKIE());
          if (!linkState) throw new Error('SSO_AUTHENTICATE_AGAIN');
          if (!botSource || !/^\d{6}$/.test(code)) throw new Error('CHALLENGE_INVALID_CODE');
          const res = await callDonationApi(`/api/user/login/challenge/check?${new URLSearchParams({ botSource, code })}`, {
            method: 'POST',
            token: linkState,
          });
          if (res.status === 204) throw new Error('CHALLENGE_INVALID_CODE');
          const body = (await res.json().catch(() => null)) as (LoginAnswer & { code?: string }) | null;
          if (!res.ok || !body?.token) throw new Error(body?.code && res.status < 500 ? body.code : 'SSO_UNEXPECTED');
          await trySetCookie(LINK_STATE_COOKIE(), null, 0);
          return toUser(body);
        },
      }),
      // The saved token: read from its httpOnly cookie here, never sent by the page; exchanged for a
      // fresh one (the API revokes the old), or the cookie is removed.
      CredentialsProvider({
        id: 'saved-token',
        name: 'Saved token',
        credentials: { botSource: { type: 'text' } },
        async authorize(credentials) {
          const saved = await readCookie(SAVED_TOKEN_COOKIE());
          if (!saved || saved.length > 512) throw new Error('UNAUTHORIZED');
          const botSource = botSourceOf(credentials?.botSource);
          try {
            return await loginCall(`/api/user/login/token${botSource ? `?botSource=${botSource}` : ''}`, {
              method: 'POST',
              token: saved,
              body: { token: saved },
            });
          } catch (err) {
            await trySetCookie(SAVED_TOKEN_COOKIE(), null, 0);
            throw err;
          }
        },
      }),
      // An invitation or reset link: the invitee's own password is set through the API, which answers the login.
      CredentialsProvider({
        id: 'invitation',
        name: 'Invitation',
        credentials: { token: { type: 'text' }, password: { type: 'password' } },
        async authorize(credentials) {
          const token = credentials?.token ?? '';
          const password = credentials?.password ?? '';
          if (token.length < 20 || token.length > 200) throw new Error('INVITATION_INVALID');
          if (!password) throw new Error('PWD_NEW_VALIDATE');
          return loginCall('/api/invitation/accept', { method: 'POST', body: { token, password } });
        },
      }),
      ...ssoProviders(),
    ],
    callbacks: {
      // Single sign-on: the provider's ID token is exchanged with the donation API, which verifies it itself;
      // a refusal ends here with its code, which the login page shows (/login?error=SSO_UNKNOWN_USER…).
      async signIn({ account, profile }) {
        if (!account || !isSsoProvider(account.provider)) return true;
        if (!account.id_token) throw new Error('SSO_AUTHENTICATE_AGAIN');
        // openid-client already matched the nonce to our cookie; the API checks the token carries that same one.
        const nonce =
          typeof (profile as { nonce?: unknown } | undefined)?.nonce === 'string' ? (profile as { nonce: string }).nonce : undefined;
        try {
          const answer = await donationApiJson<LoginAnswer>('/api/user/login/sso', {
            method: 'POST',
            body: { token: account.id_token, provider: SSO_PROVIDERS[account.provider].apiId, nonce },
          });
          (account as { rfpLogin?: LoginAnswer }).rfpLogin = answer;
          return true;
        } catch (err) {
          throw new Error(ssoErrorCode(err));
        }
      },
      async jwt({ token, user, account, trigger, session }) {
        if (account && isSsoProvider(account.provider)) {
          const answer = (account as { rfpLogin?: LoginAnswer }).rfpLogin;
          if (answer) {
            await applyAnswer(token, answer);
            token.sso = { provider: account.provider, idToken: account.id_token, refreshToken: account.refresh_token };
          }
        } else if (user && account?.type === 'credentials') {
          await applyAnswer(token, user as unknown as LoginAnswer);
          delete token.sso;
        }
        // Branch switch: only to one of the user's own branches.
        if (trigger === 'update' && token.user && session && typeof session.branchId === 'string') {
          if (token.user.branches.some((b) => b.branchId === session.branchId)) token.user = { ...token.user, branchId: session.branchId };
        }
        if (
          !user &&
          token.sso?.refreshToken &&
          renewalAllowed() &&
          token.apiTokenExpiresAt &&
          Date.parse(token.apiTokenExpiresAt) - Date.now() < RENEW_BEFORE_MS
        ) {
          await renewSso(token);
        }
        return token;
      },
      async session({ session, token }) {
        // Display data only: never the API token, the ID token or the refresh token.
        if (token.user) session.user = token.user;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        // Revoke the API token: a copied session cookie is worthless after log out.
        // (The saved token cookie holding it is removed by the sign-out route: app/api/auth/[...nextauth]/route.ts.)
        if (token?.apiToken) await callDonationApi('/api/user/logout', { method: 'POST', token: token.apiToken }).catch(() => undefined);
      },
    },
  };
}
