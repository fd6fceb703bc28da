import 'server-only';
import type { NextAuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { callDonationApi, donationApiJson, ApiCallError } from './donation-api-client';
import { SESSION_COOKIE, secureCookies } from './env';

/** What the donation API answers on login (section 7). */
export type LoginAnswer = {
  id: string;
  token: string;
  expiresAt: string;
  branches: { branchId: string; branchName: string }[];
  branchId: string;
  contactEmail: string;
  locale: string;
  workplace: boolean;
  loginType: number;
  username: string;
};

/** Display data only: this is what the browser can read. The API token never goes here. */
export type SessionUser = Omit<LoginAnswer, 'token' | 'expiresAt'>;

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
  }
}

/** Login error codes the login screen translates (LOGIN_INVALID, LOGIN_NO_BRANCH, LOGIN_TOO_MANY, LOGIN_SERVER_ERROR). */
export function loginErrorCode(err: unknown): string {
  if (err instanceof ApiCallError) {
    if (err.status >= 500) return 'LOGIN_SERVER_ERROR';
    return err.code ?? 'LOGIN_INVALID';
  }
  return 'LOGIN_SERVER_ERROR';
}

function toUser(answer: LoginAnswer): User & LoginAnswer {
  return { ...answer, id: answer.id, email: answer.contactEmail, name: answer.username };
}

export function clientAddress(headers: Record<string, unknown> | undefined): string | undefined {
  const xff = headers?.['x-forwarded-for'];
  return typeof xff === 'string' ? xff.split(',')[0].trim() : undefined;
}

const secure = secureCookies();
const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };

export const authOptions: NextAuthOptions = {
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  pages: { signIn: '/login', error: '/login' },
  useSecureCookies: secure,
  cookies: {
    sessionToken: { name: SESSION_COOKIE(), options: cookieOptions },
    callbackUrl: { name: secure ? '__Secure-rfp.callback-url' : 'rfp.callback-url', options: cookieOptions },
    csrfToken: { name: secure ? '__Host-rfp.csrf-token' : 'rfp.csrf-token', options: cookieOptions },
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
        try {
          const answer = await donationApiJson<LoginAnswer>('/api/user/login', {
            method: 'POST',
            body: { username, password },
            headers: address ? { 'x-forwarded-for': address } : undefined,
          });
          return toUser(answer);
        } catch (err) {
          throw new Error(loginErrorCode(err));
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        const u = user as unknown as LoginAnswer;
        token.apiToken = u.token;
        token.apiTokenExpiresAt = u.expiresAt;
        const { token: _t, expiresAt: _e, ...display } = u;
        token.user = {
          id: display.id,
          username: display.username,
          branches: display.branches,
          branchId: display.branchId,
          contactEmail: display.contactEmail,
          locale: display.locale,
          workplace: display.workplace,
          loginType: display.loginType,
        };
      }
      // Branch switch: only to one of the user's own branches.
      if (trigger === 'update' && token.user && session && typeof session.branchId === 'string') {
        if (token.user.branches.some((b) => b.branchId === session.branchId)) token.user = { ...token.user, branchId: session.branchId };
      }
      return token;
    },
    async session({ session, token }) {
      if (token.user) session.user = token.user;
      return session;
    },
  },
  events: {
    async signOut({ token }) {
      // Revoke the API token: a copied session cookie is worthless after log out.
      if (token?.apiToken) await callDonationApi('/api/user/logout', { method: 'POST', token: token.apiToken }).catch(() => undefined);
    },
  },
};
