// The mail outbox's sender (docs/decisions/0024-mail-outbox.md). Every app server runs it: a tick claims the due
// rows in a short transaction (FOR UPDATE SKIP LOCKED, and the claim moves next_attempt_at past a lease), so two
// servers never take the same row; the SMTP conversation happens after that transaction, holding no lock.
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { sentMail } from '../db/schema';
import { errorText, MAX_ATTEMPTS, recordedBody, RETRY_MINUTES, type Mailer } from './mailer';

type Deps = { db: Db; mailer: Mailer; log: Logger; now: () => Date };

/** A claimed row not settled after this long (its server stopped mid-send) is due again. */
const LEASE_MINUTES = 10;
const BATCH = 20;
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** Takes up to `limit` due rows for this server: attempts counted, next attempt pushed past the lease. */
async function claimDue(db: Db, now: Date, limit: number, ids?: string[]) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: sentMail.id })
      .from(sentMail)
      .where(and(eq(sentMail.status, 'outbox'), lte(sentMail.nextAttemptAt, now), ids ? inArray(sentMail.id, ids) : undefined))
      .orderBy(asc(sentMail.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const claimed = due.map((d) => d.id);
    return tx
      .update(sentMail)
      .set({ attempts: sql`${sentMail.attempts} + 1`, nextAttemptAt: minutesAfter(now, LEASE_MINUTES) })
      .where(inArray(sentMail.id, claimed))
      .returning();
  });
}

/**
 * One tick: queued mail whose link or code has expired is set aside, then the due mail is sent. Answers what this
 * tick did. Without a transport (no SMTP_URL) nothing is sent: the mail waits.
 */
export async function sendQueuedMail(deps: Deps, opts: { ids?: string[] } = {}) {
  const result = { sent: 0, retry: 0, dead: 0, expired: 0 };
  const deliver = deps.mailer.deliver;
  if (!deliver) return result;
  const now = deps.now();
  const expired = await deps.db
    .update(sentMail)
    .set({ status: 'expired', nextAttemptAt: null })
    .where(and(eq(sentMail.status, 'outbox'), isNotNull(sentMail.expiresAt), lte(sentMail.expiresAt, now)))
    .returning({ id: sentMail.id });
  result.expired = expired.length;
  for (;;) {
    const rows = await claimDue(deps.db, now, BATCH, opts.ids);
    for (const row of rows) {
      const msg = { to: row.to, subject: row.subject, text: row.body, kind: row.kind, replyTo: row.replyTo ?? undefined };
      try {
        await deliver(msg);
        await deps.db
          .update(sentMail)
          .set({ status: 'sent', sentAt: deps.now(), body: recordedBody(msg), error: null, nextAttemptAt: null })
          .where(eq(sentMail.id, row.id));
        result.sent += 1;
      } catch (err) {
        const dead = row.attempts >= MAX_ATTEMPTS;
        await deps.db
          .update(sentMail)
          .set({
            status: dead ? 'dead' : 'outbox',
            error: errorText(err),
            nextAttemptAt: dead ? null : minutesAfter(deps.now(), RETRY_MINUTES[row.attempts - 1]!),
          })
          .where(eq(sentMail.id, row.id));
        result[dead ? 'dead' : 'retry'] += 1;
        deps.log.warn({ err, mail: { id: row.id, kind: row.kind, attempts: row.attempts, dead } }, 'queued mail not delivered');
      }
    }
    // A short batch was the last of the due rows; a full one may have more behind it.
    if (rows.length < BATCH) return result;
  }
}
