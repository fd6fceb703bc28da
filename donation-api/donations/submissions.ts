import { and, eq } from 'drizzle-orm';
import type { CalendarDate } from '@/lib/domain/dates';
import type { AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { monthSubmissions, submissionHistory } from '../db/schema';
import { ApiError } from '../errors';
import { audit } from '../audit';
import { lockMonths } from './month-lock';
import { monthTotals } from './submission-history';

/**
 * Submits a month: one-way. Takes the same month lock every donation write takes, so a donation
 * write either commits before the submit (and is in the report) or sees the month submitted.
 */
export async function submitMonth(
  db: DbOrTx,
  user: AuthUser,
  input: { branchId: string; year: number; month: number; comments?: string | null; userContact?: string | null },
  now: Date,
  today: CalendarDate,
) {
  // A month that has not started cannot be reported; submitting it by mistake would lock it.
  if (input.year > today.year || (input.year === today.year && input.month > today.month))
    throw new ApiError(400, 'SUBMIT_FUTURE_MONTH', 'month');
  await db.transaction(async (tx) => {
    const [m] = await lockMonths(tx, [{ branchId: input.branchId, year: input.year, month: input.month }]);
    if (m!.submitted) throw new ApiError(400, 'MONTH_ALREADY_SUBMITTED');
    const comments = input.comments?.trim() || null;
    await tx
      .update(monthSubmissions)
      .set({ submitted: true, submittedAt: now, submittedBy: user.email, submittedByUserId: user.id, comments })
      .where(
        and(eq(monthSubmissions.branchId, input.branchId), eq(monthSubmissions.year, input.year), eq(monthSubmissions.month, input.month)),
      );
    // Every submission is kept with the totals of that moment, so two submissions of a month can be compared.
    const totals = await monthTotals(tx, input.branchId, input.year, input.month);
    await tx.insert(submissionHistory).values({
      branchId: input.branchId,
      year: input.year,
      month: input.month,
      submittedAt: now,
      submittedBy: user.email,
      submittedByUserId: user.id,
      comments,
      ...totals,
    });
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: 'submit',
      entity: 'month_submission',
      entityId: `${input.branchId}/${input.year}/${input.month}`,
      branchId: input.branchId,
      before: { submitted: false },
      after: { submitted: true, submittedAt: now.toISOString(), comments, userContact: input.userContact ?? null },
    });
  });
  return { submitted: true as const, year: input.year, month: input.month };
}
