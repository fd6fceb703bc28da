import { createEnv } from '@t3-oss/env-core';
import { apiEnvShape, throwEnvIssues } from './env';
import { ssoConfigFromEnv, type SsoConfig } from './auth/sso-config';

export type ApiConfig = {
  bananaBoxLbs: number;
  tokenTtlHours: number;
  /** Time zone in which "today" is read for the reporting-year and overdue rules. */
  timeZone: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /** Failures allowed per (username, address) pair or device before its first lock; an address gets four times as many. */
  loginMaxFailures: number;
  /** The first lock's length; every failure after it doubles the lock, up to loginLockMaxMinutes. */
  loginLockMinutes: number;
  loginLockMaxMinutes: number;
  /** Reset mails sent per user per hour; further requests answer the same success and send nothing. */
  forgotMailsPerHour: number;
  /** The app's address, for links in e-mails. */
  appUrl: string;
  /** Day of the month from which branches are reminded of last month's pending report. */
  reminderDay: number;
  /** Day of the month after which a partner's statement of last month is mailed even if a food bank has not submitted. */
  partnerStatementDay: number;
  /** When the in-process reminder job runs (croner pattern, in timeZone); 'off' to leave it to an external cron. */
  remindersCron: string;
  /** When the mail sender sends queued mail (croner pattern); 'off' to leave it to `npm run admin -- send-mail`. */
  mailSendCron: string;
  /** How long an invitation link stays valid; a password-reset link lasts 2 hours. */
  invitationTtlHours: number;
  /** Single sign-on providers and embedded-mode variants; absent means none is enabled. */
  sso?: SsoConfig;
};

/**
 * Validates every variable the API reads (donation-api/env.ts) and throws an EnvError listing all that are
 * wrong, so a typo stops the start instead of answering 500 on every call.
 */
export function apiEnv(env: Record<string, string | undefined> = process.env) {
  return createEnv({
    server: apiEnvShape,
    // A copy: emptyStringAsUndefined deletes the empty entries of the object it is given.
    runtimeEnv: { ...env },
    emptyStringAsUndefined: true,
    onValidationError: throwEnvIssues(env),
  });
}

export function configFromEnv(env: Record<string, string | undefined> = process.env): ApiConfig {
  const e = apiEnv(env);
  return {
    bananaBoxLbs: e.BANANA_BOX_LBS,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    timeZone: e.APP_TIME_ZONE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginLockMaxMinutes: e.LOGIN_LOCK_MAX_MINUTES,
    forgotMailsPerHour: e.FORGOT_MAILS_PER_HOUR,
    appUrl: (e.APP_URL || e.NEXTAUTH_URL || `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
    reminderDay: e.REMINDER_DAY,
    partnerStatementDay: e.PARTNER_STATEMENT_DAY,
    remindersCron: e.REMINDERS_CRON,
    mailSendCron: e.MAIL_SEND_CRON,
    invitationTtlHours: e.INVITATION_TTL_HOURS,
    sso: ssoConfigFromEnv(env),
  };
}
