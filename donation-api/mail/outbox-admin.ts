// What an administrator does with the outbox (the Outgoing mail screen, `npm run admin -- list-mail / resend-mail`):
// see what waits or did not leave, and queue a failed or dead mail again.
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { OutgoingMail, OutgoingMailList } from '@/lib/domain/outgoing-mail';
import { isUuid } from '@/lib/domain/uuid';
import type { Db } from '../db/client';
import { sentMail } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { NOT_KEPT_BODY, type Mailer } from './mailer';
import { sendQueuedMail } from './outbox';

type Deps = Parameters<typeof sendQueuedMail>[0];
const LIST_LIMIT = 500;
const RESENDABLE = ['failed', 'dead'];

/** Waiting, failed and dead mail, newest first (the newest 500: an operator acts on the recent ones). */
export async function listOutgoingMail(db: Db, mailer: Mailer): Promise<OutgoingMailList> {
  const rows = await db
    .select()
    .from(sentMail)
    .where(inArray(sentMail.status, ['outbox', 'failed', 'dead']))
    .orderBy(desc(sentMail.createdAt), desc(sentMail.id))
    .limit(LIST_LIMIT);
  const mails = rows.map((r): OutgoingMail => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    kind: r.kind,
    status: r.status as OutgoingMail['status'],
    attempts: r.attempts,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    resendable: r.status !== 'outbox' && r.body !== NOT_KEPT_BODY,
  }));
  return { transport: Boolean(mailer.deliver), mails };
}

/** Queues the rows again from a first attempt, then (with a transport) sends them at once. */
async function requeue(deps: Deps, ids: string[]) {
  if (!ids.length) return;
  await deps.db
    .update(sentMail)
    .set({ status: 'outbox', attempts: 0, nextAttemptAt: deps.now() })
    .where(and(inArray(sentMail.id, ids), inArray(sentMail.status, RESENDABLE)));
  await sendQueuedMail(deps, { ids });
}

/** One failed or dead mail again. Unknown, waiting and sent mail: 404; a body not kept: 409 MAIL_NOT_RESENDABLE. */
export async function resendMail(deps: Deps, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.db.select().from(sentMail).where(eq(sentMail.id, id));
  if (!row || !RESENDABLE.includes(row.status)) throw notFound();
  if (row.body === NOT_KEPT_BODY) throw new ApiError(409, 'MAIL_NOT_RESENDABLE');
  await requeue(deps, [id]);
  const [after] = await deps.db.select({ status: sentMail.status }).from(sentMail).where(eq(sentMail.id, id));
  if (!after) throw notFound();
  return { id, status: after.status as 'sent' | 'outbox' | 'dead' };
}

/** Every dead mail whose body was kept; answers how many were queued again and how many left at once. */
export async function resendDeadMail(deps: Deps) {
  const rows = await deps.db
    .select({ id: sentMail.id })
    .from(sentMail)
    .where(and(eq(sentMail.status, 'dead'), ne(sentMail.body, NOT_KEPT_BODY)));
  const ids = rows.map((r) => r.id);
  await requeue(deps, ids);
  const sent = ids.length
    ? (
        await deps.db
          .select({ id: sentMail.id })
          .from(sentMail)
          .where(and(inArray(sentMail.id, ids), eq(sentMail.status, 'sent')))
      ).length
    : 0;
  return { queued: ids.length, sent };
}
