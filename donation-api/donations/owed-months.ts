// The SQL form of owesMonth (lib/domain/report-status.ts), on a branch aliased `b`: the month view, the year view,
// the totals, the reminders and the exports all filter with these, so a branch owes the same months everywhere.
import { sql, type SQL } from 'drizzle-orm';

/** The first day of the month an instant column falls in, in the program's time zone. */
const monthOf = (column: SQL, timeZone: string) => sql`date_trunc('month', ${column} at time zone ${timeZone})::date`;

/**
 * Branch `b` owes the month that contains `day` (a date expression): it joined the program (b.created_at) in that
 * month or before, and it was not deactivated in that month or before.
 */
export function owesMonthSql(day: SQL, timeZone: string): SQL {
  const month = sql`date_trunc('month', ${day})::date`;
  return sql`(${month} >= ${monthOf(sql`b.created_at`, timeZone)}
    and (b.deactivated_at is null or ${month} < ${monthOf(sql`b.deactivated_at`, timeZone)}))`;
}

/** The same for a report month given as year and month. */
export function owesReportMonthSql(year: number, month: number, timeZone: string): SQL {
  return owesMonthSql(sql`make_date(${year}::int, ${month}::int, 1)`, timeZone);
}

/** Branch `b` owes at least one month of `year` (it appears on that year's view). */
export function owesAnyMonthOfYearSql(year: number, timeZone: string): SQL {
  const joined = monthOf(sql`b.created_at`, timeZone);
  // Its first owed month of the year is the later of January and the month it joined; it must come before the
  // month it was deactivated in (a branch created and deactivated in the same month owes nothing).
  return sql`(${joined} <= make_date(${year}::int, 12, 1)
    and (b.deactivated_at is null
      or ${monthOf(sql`b.deactivated_at`, timeZone)} > greatest(${joined}, make_date(${year}::int, 1, 1))))`;
}

/** Branch `b`'s membership as calendar days in the program's time zone, for owesMonth on the server. */
export function membershipColumnsSql(timeZone: string): SQL {
  return sql`to_char(b.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as joined_on,
    to_char(b.deactivated_at at time zone ${timeZone}, 'YYYY-MM-DD') as deactivated_on`;
}

const monthNumberOf = (column: SQL, timeZone: string) =>
  sql`(extract(year from ${column} at time zone ${timeZone})::int * 12 + extract(month from ${column} at time zone ${timeZone})::int)`;

/**
 * Branch `b`'s owed months as a range of month numbers (year × 12 + month): it owes month m when
 * `first_owed <= m` and (`end_owed` is null or `m < end_owed`). The same rule as owesMonthSql, computed once per
 * branch instead of once per row, for sums over many months of many branches (the program's totals).
 */
export function owedRangeColumnsSql(timeZone: string): SQL {
  return sql`${monthNumberOf(sql`b.created_at`, timeZone)} as first_owed, ${monthNumberOf(sql`b.deactivated_at`, timeZone)} as end_owed`;
}

/** Row `t` (with year and month columns) falls in the owed range of `o` (owedRangeColumnsSql). */
export const inOwedRangeSql = sql`(t.year * 12 + t.month >= o.first_owed and (o.end_owed is null or t.year * 12 + t.month < o.end_owed))`;
