// No 'server-only' here: instrumentation.ts validates the environment with this module, outside the React server
// layer. t3-env's proxy already refuses any server variable read in a browser.
import { createEnv } from '@t3-oss/env-nextjs';
import { z } from 'zod';
import { apiEnvShape, ENV_DEFAULTS, throwEnvIssues } from '@/donation-api/env';

const httpUrl = (example: string) =>
  z.string().refine((v) => {
    try {
      return /^https?:$/.test(new URL(v).protocol) && new URL(v).pathname === '/';
    } catch {
      return false;
    }
  }, `expected an origin such as ${example}, without a path`);

/** The variables only the Next side reads; the API's come from donation-api/env.ts with the same defaults. */
const nextEnvShape = {
  NEXTAUTH_URL: httpUrl('https://donations.example.org').optional(),
  NEXTAUTH_SECRET: z.string().min(32, 'expected at least 32 characters (openssl rand -base64 32)').optional(),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'expected a port number')
    .optional(),
  HOSTNAME: z.string().optional(),
  DONATION_API_URL: httpUrl('http://api.internal:4000').optional(),
  WORKPLACE_SDK_URL: z.url({ protocol: /^https?$/, error: 'expected an https URL' }).optional(),
  WORKPLACE_FRAME_ANCESTORS: z.string().optional(),
  NEXT_DIST_DIR: z.string().optional(),
  // Single sign-on client secrets: next-auth's only (web/server/sso-providers.ts), never the API's.
  AAD_CLIENT_SECRET: z.string().optional(),
  AAD_B2C_CLIENT_SECRET: z.string().optional(),
};

/**
 * Validates the whole environment of the web process (the API's variables and the Next side's) and throws an
 * EnvError with one line per wrong variable. In production a session secret is required: npm start generates
 * one in the data folder when unset, `node server.js` or `next start` alone must be given one.
 */
export function serverEnv(env: Record<string, string | undefined> = process.env) {
  return createEnv({
    server: { ...apiEnvShape, ...nextEnvShape },
    client: {},
    // env-nextjs types runtimeEnv as the full list of keys; any environment object may be checked (tests do).
    runtimeEnv: { ...env } as never,
    emptyStringAsUndefined: true,
    createFinalSchema: (shape) =>
      z.object(shape).refine((v) => v.NODE_ENV !== 'production' || !!v.NEXTAUTH_SECRET, {
        path: ['NEXTAUTH_SECRET'],
        message: 'required in production (openssl rand -base64 32)',
        // Also when other variables are wrong: the list is complete on the first start.
        when: () => true,
      }),
    onValidationError: throwEnvIssues(env),
  });
}

/** The exact origin browsers use; cookies are bound to it. */
export function appOrigin(): string {
  return (process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');
}

export function secureCookies(): boolean {
  return appOrigin().startsWith('https://');
}

export const SESSION_COOKIE = () => (secureCookies() ? '__Secure-rfp.session-token' : 'rfp.session-token');

/** The time zone in which "today" is read (reporting-year closing, overdue), the same one the API uses. */
export function appTimeZone(): string {
  return process.env.APP_TIME_ZONE || ENV_DEFAULTS.APP_TIME_ZONE;
}
