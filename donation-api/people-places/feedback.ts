// Contacts (feedback recipients) and feedback messages.
import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@/lib/domain/branch-rules';
import { audit } from '../audit';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { branches, contacts, feedback, sentMail } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { mailText } from '../mail/mail-text';
import type { Mailer } from '../mail/mailer';
import { isUuid } from '@/lib/domain/uuid';
import { returnedRow } from '../db/sql-rows';

export const FEEDBACK_MAX_CHARS = 5000;

export async function listContacts(db: DbOrTx) {
  return db
    .select({ id: contacts.id, name: contacts.name, emailAddress: contacts.emailAddress })
    .from(contacts)
    .orderBy(asc(contacts.displayOrder), asc(contacts.name));
}

/** At most FEEDBACK_PER_WINDOW messages per user per FEEDBACK_WINDOW_MINUTES (one person, a handful of notes). */
export const FEEDBACK_PER_WINDOW = 5;
export const FEEDBACK_WINDOW_MINUTES = 10;

/**
 * POST /api/feedback. Replies go to the address on the caller's account; the contactEmail of the payload
 * is only a fallback when the account has none, so nobody can direct replies to a third party.
 * The mail names the food bank the user has selected (branchId, one of theirs, else 404), or their only one.
 * One short transaction: the rate check (the user's row locked, so two tabs count one after the other), the row
 * (mail_status 'pending') and its audit. The mail goes after the commit, so no lock is held while the SMTP
 * server answers (the embedded database has one connection: the whole app would wait) and a failed commit can
 * never follow a delivered mail. A failed mail keeps the row (nothing typed is lost; mail_status 'failed', and
 * the message stays in sent_mail for the operator) and answers NOTE_FEEDBACK_ERROR; a failed row
 * does not count towards the rate limit, so a retry is never refused for the mail server's fault. Once the mail
 * went, the answer is 201 whatever happens to the status update. With an Idempotency-Key the key's own transaction
 * (donation-api/idempotency.ts) wraps all of this: there a failed mail undoes the row and the key, so the same key
 * retries (the feedback form sends none).
 */
export async function sendFeedback(
  db: DbOrTx,
  mailer: Mailer,
  user: AuthUser,
  body: { contactId: string; message: string; contactEmail?: string | null; branchId?: string | null },
  now: Date,
): Promise<{ id: string }> {
  const message = body.message.trim();
  if (!message || message.length > FEEDBACK_MAX_CHARS) throw new ApiError(400, 'FEEDBACK_MESSAGE_VALIDATE', 'message');
  if (!isUuid(body.contactId)) throw notFound();
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, body.contactId)).limit(1);
  if (!contact) throw notFound();
  const branchId = body.branchId ?? (user.branchIds.length === 1 ? user.branchIds[0]! : null);
  if (branchId !== null && !user.branchIds.includes(branchId)) throw notFound();

  const fallback = body.contactEmail?.trim();
  const replyTo = EMAIL_PATTERN.test(user.email.trim())
    ? user.email.trim()
    : fallback && EMAIL_PATTERN.test(fallback)
      ? fallback
      : undefined;
  const [branch] = branchId ? await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId)) : [];
  // The program's contacts have no language on record: the mail is in English, as it always was.
  const t = mailText('en');
  const args = {
    username: user.username,
    hasReplyTo: replyTo ? 'yes' : 'no',
    replyTo: replyTo ?? '',
    hasBranch: branch ? 'yes' : 'no',
    branch: branch?.name ?? '',
    contact: contact.name,
    message,
  };
  const text = t('feedback.body', args);
  const mail = { to: contact.emailAddress, subject: t('feedback.subject', args), text, kind: 'feedback', replyTo };
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${user.id}::uuid for update`);
    const since = new Date(now.getTime() - FEEDBACK_WINDOW_MINUTES * 60_000);
    const [recent] = await tx
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.userId, user.id), gt(feedback.createdAt, since), ne(feedback.mailStatus, 'failed')));
    if (Number(recent?.n ?? 0) >= FEEDBACK_PER_WINDOW) throw new ApiError(429, 'FEEDBACK_TOO_MANY');
    const row = returnedRow(
      await tx
        .insert(feedback)
        .values({ userId: user.id, contactId: contact.id, message, contactEmail: replyTo ?? null, createdAt: now, mailStatus: 'pending' })
        .returning({ id: feedback.id }),
    );
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'create',
      entity: 'feedback',
      entityId: row.id,
      branchId: branchId ?? undefined,
      after: { contactId: contact.id, chars: message.length },
    });
    return row.id;
  });
  // `db`, not the mailer's own handle: under an Idempotency-Key the call runs inside the key's transaction, and the
  // embedded database's one connection would make a second handle wait for it forever.
  let status: 'sent' | 'outbox' | 'failed';
  let error: string | null = null;
  try {
    status = (await mailer.send(mail, db)).status;
  } catch (err) {
    status = 'failed';
    error = String((err as Error).message).slice(0, 500);
  }
  try {
    if (error !== null)
      await db.insert(sentMail).values({ to: mail.to, subject: mail.subject, body: text, kind: mail.kind, status, error });
    await db.update(feedback).set({ mailStatus: status }).where(eq(feedback.id, id));
  } catch {
    // The row stays 'pending' (it still counts towards the limit); what was sent is not reported as failed.
  }
  if (status === 'failed') throw new ApiError(503, 'NOTE_FEEDBACK_ERROR');
  return { id };
}
