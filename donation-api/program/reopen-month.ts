// Reopening a submitted month: the one code path of `npm run admin -- reopen-month`, an administrator's direct
// reopening on the screens, and the approval of a branch's request (program/reopen-requests.ts).
import { and, eq } from 'drizzle-orm';
import { audit } from '../audit';
import type { Db, DbOrTx, Tx } from '../db/client';
import { monthSubmissions, reopenRequests, submissionHistory } from '../db/schema';
import { ApiError } from '../errors';
import { monthTotals } from '../donations/submission-history';
import { AdminError, resolveBranch } from '../people-places/user-admin';

export type Reopener = { userId?: string | null; actor: string };
export const REASON_MAX = 1000;

const monthWhere = (branchId: string, year: number, month: number) =>
  and(eq(monthSubmissions.branchId, branchId), eq(monthSubmissions.year, year), eq(monthSubmissions.month, month));

/**
 * Opens a submitted month inside the caller's transaction. The row is locked like every donation write locks it,
 * so it cannot race a submit. An open request for the month is settled as approved (the month is open now), with
 * `requestId` naming the one being approved, if any.
 */
export async function reopenInTx(
  tx: Tx,
  input: { branchId: string; year: number; month: number; reason: string; requestId?: string },
  by: Reopener,
  now: Date,
) {
  const where = monthWhere(input.branchId, input.year, input.month);
  const [before] = await tx.select().from(monthSubmissions).where(where).for('update');
  if (!before?.submitted) throw new ApiError(409, 'REOPEN_NOT_SUBMITTED');
  // A month submitted before submissions were kept (or seeded) has no history row: while submitted its donations
  // could not change, so today's totals are those of its submission. Kept now, before the month changes.
  const [kept] = await tx
    .select({ id: submissionHistory.id })
    .from(submissionHistory)
    .where(
      and(eq(submissionHistory.branchId, input.branchId), eq(submissionHistory.year, input.year), eq(submissionHistory.month, input.month)),
    )
    .limit(1);
  if (!kept) {
    await tx.insert(submissionHistory).values({
      branchId: input.branchId,
      year: input.year,
      month: input.month,
      submittedAt: before.submittedAt ?? now,
      submittedBy: before.submittedBy,
      submittedByUserId: null,
      comments: before.comments,
      ...(await monthTotals(tx, input.branchId, input.year, input.month)),
    });
  }
  const [after] = await tx
    .update(monthSubmissions)
    .set({ submitted: false, reopenedAt: now, reopenReason: input.reason })
    .where(where)
    .returning();
  const settled = await tx
    .update(reopenRequests)
    .set({ status: 'approved', decidedAt: now, decidedBy: by.actor, decidedByUserId: by.userId ?? null })
    .where(
      and(
        eq(reopenRequests.branchId, input.branchId),
        eq(reopenRequests.year, input.year),
        eq(reopenRequests.month, input.month),
        eq(reopenRequests.status, 'open'),
      ),
    )
    .returning({ id: reopenRequests.id });
  await audit(tx, {
    userId: by.userId ?? null,
    actor: by.actor,
    action: 'reopen',
    entity: 'month',
    entityId: `${input.branchId}/${input.year}/${input.month}`,
    branchId: input.branchId,
    before,
    after: { ...after, requestId: input.requestId ?? settled[0]?.id ?? null },
  });
  return after;
}

/** The month's open reopening request, if any: its id and who asked. */
export async function openReopenRequest(tx: DbOrTx, branchId: string, year: number, month: number) {
  const [open] = await tx
    .select({ id: reopenRequests.id, requestedByUserId: reopenRequests.requestedByUserId })
    .from(reopenRequests)
    .where(
      and(
        eq(reopenRequests.branchId, branchId),
        eq(reopenRequests.year, year),
        eq(reopenRequests.month, month),
        eq(reopenRequests.status, 'open'),
      ),
    );
  return open ?? null;
}

/** Checks a reason: trimmed, required, at most 1000 characters. */
export function cleanReason(reason: string | null | undefined): string {
  const r = (reason ?? '').trim();
  if (!r || r.length > REASON_MAX) throw new ApiError(400, 'REOPEN_REASON_REQUIRED', 'reason');
  return r;
}

/** The command line's reopen (and an administrator's direct one): a branch id or name, a reason, operator messages. */
export async function reopenMonth(
  db: Db,
  input: { branchId: string; year: number; month: number; reason: string },
  actor: string | Reopener,
  now = new Date(),
) {
  const by = typeof actor === 'string' ? { actor } : actor;
  const reason = input.reason.trim();
  if (!reason) throw new AdminError('A reason is required (--reason "…").');
  if (reason.length > REASON_MAX) throw new AdminError('The reason is limited to 1000 characters.');
  if (!Number.isInteger(input.year) || input.year < 1900 || input.year > 9999) throw new AdminError(`"${input.year}" is not a year.`);
  if (!Number.isInteger(input.month) || input.month < 1 || input.month > 12)
    throw new AdminError(`"${input.month}" is not a month (1 to 12).`);
  return db.transaction(async (tx) => {
    const branch = await resolveBranch(tx, input.branchId);
    // Whoever had asked for this reopening is told with the branch's staff (reopenInTx settles the request).
    const open = await openReopenRequest(tx, branch.id, input.year, input.month);
    try {
      const month = await reopenInTx(tx, { branchId: branch.id, year: input.year, month: input.month, reason }, by, now);
      return { branch, month, reason, requesterId: open?.requestedByUserId ?? null };
    } catch (err) {
      if (err instanceof ApiError && err.code === 'REOPEN_NOT_SUBMITTED')
        throw new AdminError(`${branch.name} ${input.year}-${String(input.month).padStart(2, '0')} is not submitted.`);
      throw err;
    }
  });
}
