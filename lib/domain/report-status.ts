import type { CalendarDate } from './dates';

export type ReportStatus = 'submitted' | 'overdue' | 'pending';

/**
 * Section 4: Submitted if the month's flag is set; otherwise Overdue once the 15th of the month after
 * the report month has passed; otherwise Pending. `month` is 1..12.
 */
export function reportStatus(year: number, month: number, submitted: boolean, today: CalendarDate): ReportStatus {
  if (submitted) return 'submitted';
  // Zero-based month index `month` is the month after the report month (Date rolls December over).
  const cutoff = new Date(Date.UTC(year, month, 15));
  const todayUtc = new Date(Date.UTC(today.year, today.month - 1, today.day));
  return todayUtc > cutoff ? 'overdue' : 'pending';
}
