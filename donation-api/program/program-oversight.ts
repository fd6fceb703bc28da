// The program's month and year views of the monthly reports, over the branches in the caller's scope.
import { sql, type SQL } from 'drizzle-orm';
import type { CalendarDate } from '@/lib/domain/dates';
import type { ProgramAccess } from '@/lib/domain/program-access';
import {
  oversightStatus,
  shapeOversight,
  type OversightAnswer,
  type OversightQuery,
  type OversightRow,
  type YearAnswer,
} from '@/lib/domain/program-oversight';
import { owesMonth } from '@/lib/domain/report-status';
import type { DbOrTx } from '../db/client';
import { membershipColumnsSql, owesAnyMonthOfYearSql, owesReportMonthSql } from '../donations/owed-months';
import { hasReminderRecipientSql } from './reminder-recipients';
import { queryRows } from '../db/sql-rows';

/** The caller's scope as a condition on `branches b` (raw SQL, for the set-based statements below). */
export function scopeSql(access: ProgramAccess, province?: string): SQL {
  const parts: SQL[] = [];
  if (access.role !== 'admin') {
    parts.push(
      access.provinces.length
        ? sql`b.province in (${sql.join(
            access.provinces.map((p) => sql`${p}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (province) parts.push(sql`b.province = ${province}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const pad = (n: number) => String(n).padStart(2, '0');
export function monthBounds(year: number, month: number) {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: `${year}-${pad(month)}-01`, to: `${next.year}-${pad(next.month)}-01` };
}

/**
 * The month of every branch in scope in ONE statement, read from the running totals (month_totals, kept by the
 * donation triggers), so its cost follows the branches, never the month's donations: the weights and counts are
 * at most two rows per branch, and the last donation's date one backward step of donations_branch_date_created_idx.
 * Joined to the branches and their month_submissions row.
 */
export function oversightMonthSql(
  access: ProgramAccess,
  year: number,
  month: number,
  province?: string,
  timeZone = 'America/Toronto',
): SQL {
  const { from, to } = monthBounds(year, month);
  return sql`
    with scope as (
      select b.id, b.name, b.province, b.deactivated_at is null as active from branches b
      where ${scopeSql(access, province)} and ${owesReportMonthSql(year, month, timeZone)}
    ),
    d as (
      select t.branch_id,
        sum(case when t.source = 1 then t.pounds else 0 end)::float8 as front,
        sum(case when t.source = 0 then t.pounds else 0 end)::float8 as back,
        sum(t.donation_count)::int as n
      from month_totals t
      where t.year = ${year}::int and t.month = ${month}::int and t.branch_id in (select id from scope)
      group by t.branch_id
    )
    select s.id, s.name, s.province, coalesce(ms.submitted, false) as submitted, ms.submitted_at, ms.submitted_by, ms.comments,
      coalesce(d.front, 0)::float8 as front, coalesce(d.back, 0)::float8 as back, coalesce(d.n, 0)::int as n,
      case when d.n > 0 then (select x.date::text from donations x
        where x.branch_id = s.id and x.date >= ${from}::date and x.date < ${to}::date
        order by x.date desc limit 1) end as last,
      to_char(ms.reopened_at at time zone ${timeZone}, 'YYYY-MM-DD') as reopened_on,
      s.active, ${hasReminderRecipientSql(sql`s.id`)} as reachable,
      (select max(r.sent_at) from reminders_sent r
        where r.branch_id = s.id and r.year = ${year}::int and r.month = ${month}::int) as reminded_at
    from scope s
    left join d on d.branch_id = s.id
    left join month_submissions ms on ms.branch_id = s.id and ms.year = ${year}::int and ms.month = ${month}::int`;
}

type MonthSqlRow = {
  id: string;
  name: string;
  province: string | null;
  submitted: boolean;
  submitted_at: string | Date | null;
  submitted_by: string | null;
  comments: string | null;
  front: number;
  back: number;
  n: number;
  last: string | null;
  reopened_on: string | null;
  active: boolean;
  reachable: boolean;
  reminded_at: string | Date | null;
};

export async function oversightMonth(
  db: DbOrTx,
  access: ProgramAccess,
  query: OversightQuery,
  today: CalendarDate,
  timeZone: string,
): Promise<OversightAnswer> {
  const { year, month } = query;
  const raw = await queryRows<MonthSqlRow>(db, oversightMonthSql(access, year, month, query.province, timeZone));
  const rows: OversightRow[] = raw.map((r) => {
    const submitted = Boolean(r.submitted);
    // A month that has not begun cannot be late: it is pending until it can be reported.
    const status = oversightStatus(year, month, submitted, today, r.reopened_on) ?? 'pending';
    return {
      branchId: r.id,
      name: r.name,
      province: r.province,
      status,
      submittedAt: submitted && r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
      submittedBy: submitted ? r.submitted_by : null,
      frontStoreWeightInPounds: Number(r.front),
      backStoreWeightInPounds: Number(r.back),
      donations: Number(r.n),
      lastDonation: r.last,
      comments: submitted ? r.comments : null,
      canRemind: !submitted && Boolean(r.active) && Boolean(r.reachable),
      remindBlocked: submitted ? null : !r.active ? 'inactive' : !r.reachable ? 'noRecipient' : null,
      remindedAt: r.reminded_at ? new Date(r.reminded_at).toISOString() : null,
    };
  });
  return { year, month, ...shapeOversight(rows, query) };
}

/**
 * Branches × months of a year: which months each branch has submitted or has had reopened, one statement. A
 * branch that owes no month of the year (joined later, or deactivated in January or before) is left out; the
 * others show a status only in the months they owe (owesMonth).
 */
export async function oversightYear(
  db: DbOrTx,
  access: ProgramAccess,
  query: { year: number; province?: string },
  today: CalendarDate,
  timeZone: string,
): Promise<YearAnswer> {
  const raw = await queryRows<{
    id: string;
    name: string;
    province: string | null;
    joined_on: string;
    deactivated_on: string | null;
    submitted: number[] | string | null;
    reopened: string[] | string | null;
  }>(
    db,
    sql`
    select b.id, b.name, b.province, ${membershipColumnsSql(timeZone)},
      coalesce((select array_agg(ms.month order by ms.month) from month_submissions ms
        where ms.branch_id = b.id and ms.year = ${query.year}::int and ms.submitted), '{}') as submitted,
      coalesce((select array_agg(ms.month || ':' || to_char(ms.reopened_at at time zone ${timeZone}, 'YYYY-MM-DD'))
        from month_submissions ms where ms.branch_id = b.id and ms.year = ${query.year}::int
          and not ms.submitted and ms.reopened_at is not null), '{}') as reopened
    from branches b where ${scopeSql(access, query.province)} and ${owesAnyMonthOfYearSql(query.year, timeZone)}`,
  );
  const rows = raw.map((r) => {
    const done = new Set(parseArray(r.submitted).map(Number));
    const reopened = new Map(parseArray(r.reopened).map((v) => [Number(v.split(':')[0]), v.split(':')[1]] as const));
    const membership = { joinedOn: r.joined_on, deactivatedOn: r.deactivated_on };
    return {
      branchId: r.id,
      name: r.name,
      province: r.province,
      deactivatedOn: r.deactivated_on,
      months: Array.from({ length: 12 }, (_, i) =>
        owesMonth(membership, query.year, i + 1) ? oversightStatus(query.year, i + 1, done.has(i + 1), today, reopened.get(i + 1)) : null,
      ),
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name, 'en-CA'));
  return { year: query.year, rows };
}

/** Arrays arrive as arrays (node-postgres, PGlite) or, from some drivers, as '{1,2}' text. */
function parseArray(v: (number | string)[] | string | null): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v.map(String);
  return v.replace(/[{}"]/g, '').split(',').filter(Boolean);
}
