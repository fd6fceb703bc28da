// Donation dates are calendar dates (YYYY-MM-DD): no time zone, no drift.
import { madeOnce } from '@/lib/domain/made-once';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Only UTC date-times: the reference app's reporting client asks a year as 1 January 00:00Z … 31 December 23:59Z.
const UTC_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T[\d:.]+Z$/;

export type CalendarDate = { year: number; month: number; day: number }; // month 1..12

/**
 * Parses a calendar date, YYYY-MM-DD and nothing else. A donation's date is the day the food arrived at the branch:
 * a date-time with a UTC offset named another day (2026-11-30T23:30:00-04:00 was read as its UTC day, 1 December, and
 * so escaped November's submitted month), and no server can tell which zone a bare time was meant in.
 */
export function parseCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value);
  return m ? checkedDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/**
 * A bound of a date range in a query: YYYY-MM-DD, or a UTC date-time (ending in Z) read as its UTC day, as the
 * reference app's reporting client sends a year. Never a donation's own date (parseCalendarDate).
 */
export function parseRangeDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  if (!UTC_DATETIME.test(value)) return parseCalendarDate(value);
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return checkedDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function checkedDate(year: number, month: number, day: number): CalendarDate | null {
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (year < 1900 || year > 9999) return null;
  return { year, month, day };
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAY_FORMAT = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
// One formatter per named time zone, made once (today is asked for many times a request). Without a named zone (the
// device's or server's own, which can change) one is made each time.
const zonedDayFormat = madeOnce((timeZone) => new Intl.DateTimeFormat('en-CA', { ...DAY_FORMAT, timeZone }));
const dayFormat = (timeZone?: string) => (timeZone ? zonedDayFormat(timeZone) : new Intl.DateTimeFormat('en-CA', DAY_FORMAT));

/** Today as a calendar date in the given IANA time zone (default: the server's). */
export function todayCalendarDate(now: Date = new Date(), timeZone?: string): CalendarDate {
  const parts = dayFormat(timeZone)
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ((acc[p.type] = p.value), acc), {});
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Negative, zero or positive as a is before, on or after b. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** MM/DD/yyyy, the English form's and CSV's date (docs/product.md, Exports of a year). */
export function formatMmDdYyyy(date: string): string {
  const d = parseCalendarDate(date);
  if (!d) return '';
  return `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}`;
}

/** French reads two digit groups before the year day first (JJ/MM/AAAA); English month first (MM/DD/YYYY). */
export const isDayFirst = (locale: string) => locale.toLowerCase().startsWith('fr');

/**
 * A calendar date as the donation form writes it, and the texts that echo a typed date: MM/DD/YYYY in English
 * (the product's long-standing form), AAAA-MM-JJ in French (fr-CA's own numeric date, never misread as MM/JJ).
 */
export function formatTypedDate(date: string, locale: string): string {
  const d = parseCalendarDate(date);
  if (!d) return '';
  return isDayFirst(locale) ? formatCalendarDate(d) : formatMmDdYyyy(date);
}

/**
 * Reporting-year closing (docs/product.md, The donation form): from April on (month index 3 or later) any date
 * in an earlier calendar year is closed; before April only dates two or more calendar years back are closed.
 */
export function isClosedForReporting(date: CalendarDate, today: CalendarDate): boolean {
  const monthIndex = today.month - 1;
  if (monthIndex >= 3) return date.year < today.year;
  return date.year <= today.year - 2;
}
