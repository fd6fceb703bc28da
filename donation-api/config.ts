import { z } from 'zod';
import { DEFAULT_BANANA_BOX_LBS } from '@/lib/domain/weight';
import { ssoConfigFromEnv, type SsoConfig } from './auth/sso-config';

const envSchema = z.object({
  BANANA_BOX_LBS: z.coerce.number().positive().default(DEFAULT_BANANA_BOX_LBS),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  APP_TIME_ZONE: z.string().default('America/Toronto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Retail Food Program <no-reply@rfp.example.org>'),
  SUPPORT_EMAIL: z.string().default('retailfoodprogram@foodbanks.example.org'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
});

export type ApiConfig = {
  bananaBoxLbs: number;
  tokenTtlHours: number;
  /** Time zone in which "today" is read for the reporting-year and overdue rules. */
  timeZone: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Single sign-on providers and embedded-mode variants; absent means none is enabled. */
  sso?: SsoConfig;
};

export function configFromEnv(env: Record<string, string | undefined> = process.env): ApiConfig {
  const e = envSchema.parse(env);
  return {
    bananaBoxLbs: e.BANANA_BOX_LBS,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    timeZone: e.APP_TIME_ZONE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    sso: ssoConfigFromEnv(env),
  };
}
