import { todayCalendarDate, type CalendarDate } from './dates';

/** The date the add form proposes: today in the current month (or with no month given), else the 1st of the month. */
export function proposedDate(year: number | undefined, month: number | undefined, today: CalendarDate = todayCalendarDate()): CalendarDate {
  if (!year || !month || month < 1 || month > 12) return today;
  if (year === today.year && month === today.month) return today;
  // A month still to come cannot hold a donation yet: today is the nearest date that can.
  if (year * 12 + month > today.year * 12 + today.month) return today;
  return { year, month, day: 1 };
}
