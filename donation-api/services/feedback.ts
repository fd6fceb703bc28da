// Contacts (feedback recipients) and feedback messages.
import { asc, eq, inArray } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@/lib/domain/branch';
import { audit } from '../audit';
import type { AuthUser } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { branches, contacts, feedback } from '../db/schema';
import { ApiError, notFound } from '../errors';
import type { Mailer } from '../mail/mailer';
import { isUuid } from './branches';

export const FEEDBACK_MAX_CHARS = 5000;

export async function listContacts(db: DbOrTx) {
  return db
    .select({ id: contacts.id, name: contacts.name, emailAddress: contacts.emailAddress })
    .from(contacts)
    .orderBy(asc(contacts.displayOrder), asc(contacts.name));
}

/**
 * POST /api/feedback. Replies go to the address on the caller's account; the contactEmail of the payload
 * is only a fallback when the account has none, so nobody can direct replies to a third party.
 * The mail goes first: when it fails the caller gets 503 and nothing is stored, so a retry is no duplicate.
 */
export async function sendFeedback(
  db: Db,
  mailer: Mailer,
  user: AuthUser,
  body: { contactId: string; message: string; contactEmail?: string | null },
): Promise<{ id: string }> {
  const message = body.message.trim();
  if (!message || message.length > FEEDBACK_MAX_CHARS) throw new ApiError(400, 'FEEDBACK_MESSAGE_VALIDATE', 'message');
  if (!isUuid(body.contactId)) throw notFound();
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, body.contactId)).limit(1);
  if (!contact) throw notFound();

  const fallback = body.contactEmail?.trim();
  const replyTo = EMAIL_PATTERN.test(user.email.trim()) ? user.email.trim() : fallback && EMAIL_PATTERN.test(fallback) ? fallback : undefined;
  const branchNames = user.branchIds.length
    ? (await db.select({ name: branches.name }).from(branches).where(inArray(branches.id, user.branchIds))).map((b) => b.name)
    : [];
  const text = [
    `Feedback from ${user.username}${replyTo ? ` <${replyTo}>` : ''}`,
    branchNames.length ? `Food bank: ${branchNames.join(', ')}` : null,
    `To: ${contact.name}`,
    '',
    message,
  ]
    .filter((l) => l !== null)
    .join('\n');
  try {
    await mailer.send({ to: contact.emailAddress, subject: `Retail Food Program feedback from ${user.username}`, text, kind: 'feedback', replyTo });
  } catch {
    throw new ApiError(503, 'NOTE_FEEDBACK_ERROR');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({ userId: user.id, contactId: contact.id, message, contactEmail: replyTo ?? null })
      .returning({ id: feedback.id });
    await audit(tx, { userId: user.id, actor: user.username, action: 'create', entity: 'feedback', entityId: row.id, after: { contactId: contact.id, chars: message.length } });
    return { id: row.id };
  });
}
