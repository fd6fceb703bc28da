import 'server-only';

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
  return process.env.APP_TIME_ZONE || 'America/Toronto';
}
