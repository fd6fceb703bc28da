import type { CalendarDate } from './dates';

export type ReportStatus = 'submitted' | 'overdue' | 'pending' | 'reopened';

/** Days a reopened month has to be submitted again, counted from the day it was reopened (docs/rules.md). */
export const REOPEN_GRACE_DAYS = 14;

const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000;

/**
 * docs/rules.md, Report status: Submitted if the month's flag is set; otherwise Overdue once the 15th of the
 * month after the report month has passed; otherwise Pending. `month` is 1..12.
 * A month reopened (`reopenedOn`, YYYY-MM-DD in the program's time zone) and not yet submitted again is Reopened
 * until its new due date (the later of the usual deadline and the reopening day plus REOPEN_GRACE_DAYS) has passed:
 * the food bank was asked to change it, so it is not late before that day.
 */
export function reportStatus(
  year: number,
  month: number,
  submitted: boolean,
  today: CalendarDate,
  reopenedOn?: string | null,
): ReportStatus {
  if (submitted) return 'submitted';
  // Day 15 of the month after the report month (month 13 rolls over to January through Date.UTC).
  const cutoff = dayNumber(year, month + 1, 15);
  const now = dayNumber(today.year, today.month, today.day);
  if (reopenedOn) {
    const [y = NaN, m = NaN, d = NaN] = reopenedOn.slice(0, 10).split('-').map(Number);
    const due = Math.max(cutoff, dayNumber(y, m, d) + REOPEN_GRACE_DAYS);
    if (now <= due) return 'reopened';
  }
  return now > cutoff ? 'overdue' : 'pending';
}

/**
 * A branch's membership of the program, as calendar days (YYYY-MM-DD) in the program's time zone: the day it was
 * created (it joined), and the day it was deactivated, if it was.
 */
export type BranchMembership = { joinedOn: string; deactivatedOn: string | null };

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));

/**
 * Whether a branch owes the report of a month: from the month it joined the program, and before the month it was
 * deactivated in. The SQL form the services filter with is owesMonthSql (donation-api/donations/owed-months.ts);
 * tests/api/owed-months.test.ts checks that both answer alike.
 */
export function owesMonth(branch: BranchMembership, year: number, month: number): boolean {
  const m = year * 12 + month;
  if (m < monthIndex(branch.joinedOn)) return false;
  return !branch.deactivatedOn || m < monthIndex(branch.deactivatedOn);
}
