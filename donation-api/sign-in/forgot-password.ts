// POST /api/user/forgot-password (docs/product.md, Forgotten password; docs/decisions/0023-forgot-password-link.md).
// It mails a single-use link to the set-password screen of invitations and administrators' resets, never a password,
// and answers the same whatever the username: known, unknown, single sign-on, disabled, without a usable address,
// past the hourly limit, or when the mail could not go. Anyone can ask for any username, so the answer must not tell
// which usernames exist or how they sign in, and the request changes nothing the owner relies on: the current
// password keeps working and no session is signed out until the link is used.
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { EMAIL_PATTERN } from '@/lib/domain/branch-rules';
import { LoginType } from '@/lib/domain/enums';
import { audit } from '../audit';
import type { ApiConfig } from '../config';
import type { Db } from '../db/client';
import { invitations } from '../db/schema';
import { ApiError } from '../errors';
import { bilingual, mailText } from '../mail/mail-text';
import type { Mailer } from '../mail/mailer';
import { issueSelfResetLink, RESET_TTL_HOURS } from '../people-places/invitations';
import { countRecent } from './login-attempts';
import { findUserByUsername, normalizeUsername } from './users';

/** The one answer, for every username (the screen shows its own text, ForgotPasswordPage.success). */
export const FORGOT_PASSWORD_SENT_MESSAGE =
  'If this username belongs to an account that signs in with a password, a link to choose a new password has been sent to its email address.';

/** Both languages, English first, whatever the account's language (as this mail has always been). */
const resetMail = (username: string, link: string) =>
  bilingual('en', (l) => {
    const t = mailText(l);
    const args = { username, link, hours: RESET_TTL_HOURS };
    return { subject: t('forgotPassword.subject', args), text: t('forgotPassword.body', args) };
  });

export async function forgotPassword(
  db: Db,
  mailer: Mailer,
  rawUsername: string,
  { config, now, log }: { config: ApiConfig; now: Date; log: Logger },
): Promise<{ message: string }> {
  const username = normalizeUsername(rawUsername);
  // The form's own check (nothing typed), the same for everyone.
  if (!username) throw new ApiError(400, 'FORGOT_USERNAME_REQUIRED', 'username');
  const answer = { message: FORGOT_PASSWORD_SENT_MESSAGE };
  const user = await findUserByUsername(db, username);
  const email = user?.email.trim() ?? '';
  if (!user || user.loginType !== LoginType.Admin || user.disabled || !user.passwordHash || !EMAIL_PATTERN.test(email)) return answer;
  // Past FORGOT_MAILS_PER_HOUR for one user, nothing is sent and the newest link keeps working: a stranger's
  // requests cannot fill the owner's mailbox, nor replace the link the owner is about to open.
  if ((await countRecent(db, `forgot:${username}`, now, 60)) > config.forgotMailsPerHour) return answer;

  const { link, linkId } = await db.transaction(async (tx) => {
    const issued = await issueSelfResetLink(tx, config, user, now);
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'password',
      entity: 'user',
      entityId: user.id,
      after: { method: 'reset' },
    });
    return issued;
  });
  const { subject, text } = resetMail(user.username, link);
  try {
    await mailer.send({ to: email, subject, text, kind: 'forgot-password' });
  } catch (err) {
    // Told to the operator, not to the caller (a 503 for this username alone would say it exists); the link that
    // never left is taken back.
    log.error({ err: (err as Error).message, username }, 'forgot-password: the reset link could not be mailed');
    await db.update(invitations).set({ usedAt: now }).where(eq(invitations.id, linkId));
  }
  return answer;
}
