// A month's history: every submission with its totals, the reopening requests and their answers, and
// the direct reopenings, for the branch's month page and the program's drill-down.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, reopenRequests, submissionHistory } from '../db/schema';
import { queryRows } from '../db/sql-rows';

/** Pounds front and back, the number of donations and pounds per category of a month, every program counted. */
export async function monthTotals(db: DbOrTx, branchId: string, year: number, month: number) {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const [row] = await queryRows<{ front: number; back: number; n: number; cats: Record<string, number> | string | null }>(
    db,
    sql`with d as (
          select id, source, weight_in_pounds from donations
          where branch_id = ${branchId}::uuid and date >= ${from}::date and date < (${from}::date + interval '1 month')
        ),
        c as (
          select dc.category_id, sum(d.weight_in_pounds * dc.fraction)::float8 as lbs
          from d join donation_categories dc on dc.donation_id = d.id group by dc.category_id
        )
        select
          (select coalesce(sum(weight_in_pounds) filter (where source = 1), 0)::float8 from d) as front,
          (select coalesce(sum(weight_in_pounds) filter (where source = 0), 0)::float8 from d) as back,
          (select count(*)::int from d) as n,
          (select jsonb_object_agg(category_id::text, lbs) from c) as cats`,
  );
  const cats = typeof row?.cats === 'string' ? JSON.parse(row.cats) : (row?.cats ?? {});
  return { frontLbs: Number(row?.front ?? 0), backLbs: Number(row?.back ?? 0), donationCount: Number(row?.n ?? 0), categoryLbs: cats };
}

/** Submissions (oldest first), requests (oldest first) and direct reopenings of one month. */
export async function monthHistory(db: DbOrTx, branchId: string, year: number, month: number) {
  const submissions = await db
    .select()
    .from(submissionHistory)
    .where(and(eq(submissionHistory.branchId, branchId), eq(submissionHistory.year, year), eq(submissionHistory.month, month)))
    .orderBy(asc(submissionHistory.submittedAt));
  const requests = await db
    .select()
    .from(reopenRequests)
    .where(and(eq(reopenRequests.branchId, branchId), eq(reopenRequests.year, year), eq(reopenRequests.month, month)))
    .orderBy(asc(reopenRequests.requestedAt));
  const reopens = await db
    .select({ at: auditLog.at, actor: auditLog.actor, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, `${branchId}/${year}/${month}`), inArray(auditLog.action, ['reopen'])))
    .orderBy(asc(auditLog.at));
  return {
    submissions: submissions.map((s) => ({
      id: s.id,
      submittedAt: s.submittedAt.toISOString(),
      submittedBy: s.submittedBy ?? '',
      comments: s.comments,
      frontLbs: s.frontLbs,
      backLbs: s.backLbs,
      donationCount: s.donationCount,
      categoryLbs: (s.categoryLbs ?? {}) as Record<string, number>,
    })),
    requests: requests.map(requestAnswer),
    reopens: reopens.map((r) => {
      const after = (r.after ?? {}) as { reopenReason?: string; requestId?: string | null };
      return { at: r.at.toISOString(), by: r.actor ?? '', reason: after.reopenReason ?? '', requestId: after.requestId ?? null };
    }),
  };
}

export function requestAnswer(r: typeof reopenRequests.$inferSelect) {
  return {
    id: r.id,
    branchId: r.branchId,
    year: r.year,
    month: r.month,
    reason: r.reason,
    requestedBy: r.requestedBy,
    requestedAt: r.requestedAt.toISOString(),
    status: r.status as 'open' | 'approved' | 'declined',
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    answer: r.answer,
  };
}
