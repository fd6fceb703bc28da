import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { screenDecision, type ScreenLevel } from '@/web/screen-access';
import type { SessionUser } from '@/lib/domain/user-answers';
import { getLiveSessionJwt, getSessionJwt } from './session';

/**
 * The server's own check of a screen's level (web/screen-access.ts), in the layout of a section or in a page stricter
 * than its layouts: the proxy already sent anyone who may not open it elsewhere, and this check stands on its own.
 * Answers the signed-in user. tests/server/screen-access.test.ts holds each page's checks to the table.
 */
export async function guardScreen(level: Exclude<ScreenLevel, 'open'>, opts: { live?: true } = {}): Promise<SessionUser> {
  // live: the API is asked whether the token still stands (a sign-out or password change elsewhere revokes it while
  // the cookie still decodes); once per request, shared by the page's own calls.
  const user = (await (opts.live ? getLiveSessionJwt() : getSessionJwt()))?.user;
  const decision = screenDecision(level, user);
  if ('signIn' in decision || !user) redirect('/login');
  if ('redirect' in decision) redirect(decision.redirect);
  if ('notFound' in decision) notFound();
  return user;
}
