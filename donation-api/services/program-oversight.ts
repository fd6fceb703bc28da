// The program's month and year views of the monthly reports (issue 8), over the branches in the caller's scope.
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
import type { DbOrTx } from '../db/client';
import { queryRows } from './sql-rows';

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
 * Branches `b` still active in a month: a branch deactivated during a month leaves that month and every later one
 * (its history stays; earlier months keep it). The day of deactivation is taken in the app's time zone.
 */
export function activeInMonthSql(year: number, month: number, timeZone: string): SQL {
  const { to } = monthBounds(year, month);
  return sql`(b.deactivated_at is null or (b.deactivated_at at time zone ${timeZone})::date >= ${to}::date)`;
}

/**
 * The month of every branch in scope in ONE statement: the month's donations grouped by branch (a range scan of
 * donations_date_branch_idx, whose columns cover the sums), joined to the branches and their month_submissions row.
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
      select b.id, b.name, b.province from branches b
      where ${scopeSql(access, province)} and ${activeInMonthSql(year, month, timeZone)}
    ),
    d as (
      select d.branch_id,
        sum(case when d.source = 1 then d.weight_in_pounds else 0 end)::float8 as front,
        sum(case when d.source = 0 then d.weight_in_pounds else 0 end)::float8 as back,
        count(*)::int as n,
        max(d.date)::text as last
      from donations d
      where d.date >= ${from}::date and d.date < ${to}::date and d.branch_id in (select id from scope)
      group by d.branch_id
    )
    select s.id, s.name, s.province, coalesce(ms.submitted, false) as submitted, ms.submitted_at, ms.submitted_by, ms.comments,
      coalesce(d.front, 0)::float8 as front, coalesce(d.back, 0)::float8 as back, coalesce(d.n, 0)::int as n, d.last
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
    return {
      branchId: r.id,
      name: r.name,
      province: r.province,
      // A month that has not begun cannot be late: it is pending until it can be reported.
      status: oversightStatus(year, month, submitted, today) ?? 'pending',
      submittedAt: submitted && r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
      submittedBy: submitted ? r.submitted_by : null,
      frontStoreWeightInPounds: Number(r.front),
      backStoreWeightInPounds: Number(r.back),
      donations: Number(r.n),
      lastDonation: r.last,
      comments: submitted ? r.comments : null,
    };
  });
  return { year, month, ...shapeOversight(rows, query) };
}

/**
 * Branches × months of a year: which months each branch has submitted, one statement. A branch deactivated in
 * January or earlier is left out; one deactivated later has no status from that month on.
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
    deactivated_on: string | null;
    submitted: number[] | string | null;
  }>(
    db,
    sql`
    select b.id, b.name, b.province,
      to_char(b.deactivated_at at time zone ${timeZone}, 'YYYY-MM-DD') as deactivated_on,
      coalesce((select array_agg(ms.month order by ms.month) from month_submissions ms
        where ms.branch_id = b.id and ms.year = ${query.year}::int and ms.submitted), '{}') as submitted
    from branches b where ${scopeSql(access, query.province)} and ${activeInMonthSql(query.year, 1, timeZone)}`,
  );
  const rows = raw.map((r) => {
    const done = new Set(parseIntArray(r.submitted));
    const gone = r.deactivated_on ? Number(r.deactivated_on.slice(0, 4)) * 12 + Number(r.deactivated_on.slice(5, 7)) : Infinity;
    return {
      branchId: r.id,
      name: r.name,
      province: r.province,
      deactivatedOn: r.deactivated_on,
      months: Array.from({ length: 12 }, (_, i) =>
        query.year * 12 + i + 1 >= gone ? null : oversightStatus(query.year, i + 1, done.has(i + 1), today),
      ),
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name, 'en-CA'));
  return { year: query.year, rows };
}

/** Arrays arrive as arrays (node-postgres, PGlite) or, from some drivers, as '{1,2}' text. */
function parseIntArray(v: number[] | string | null): number[] {
  if (!v) return [];
  if (Array.isArray(v)) return v.map(Number);
  return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
