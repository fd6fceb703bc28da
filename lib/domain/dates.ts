// Donation dates are calendar dates (YYYY-MM-DD): no time zone, no drift.
import { madeOnce } from '@/lib/i18n/made-once';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/;

export type CalendarDate = { year: number; month: number; day: number }; // month 1..12

/** Parses YYYY-MM-DD, or an ISO date-time read as UTC (spec: "date read as UTC"). */
export function parseCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  let year: number, month: number, day: number;
  const m = ISO_DATE.exec(value);
  if (m) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if (ISO_DATETIME.test(value)) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return null;
    [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  } else {
    return null;
  }
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

/** MM/DD/yyyy, the form and CSV format of section 9. */
export function formatMmDdYyyy(date: string): string {
  const d = parseCalendarDate(date);
  if (!d) return '';
  return `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}`;
}

/** French reads two digit groups before the year day first (JJ/MM/AAAA); English month first (MM/DD/YYYY). */
export const isDayFirst = (locale: string) => locale.toLowerCase().startsWith('fr');

/**
 * A calendar date as the donation form writes it, and the texts that echo a typed date: MM/DD/YYYY in English
 * (the product specification's form), AAAA-MM-JJ in French (fr-CA's own numeric date, never misread as MM/JJ).
 */
export function formatTypedDate(date: string, locale: string): string {
  const d = parseCalendarDate(date);
  if (!d) return '';
  return isDayFirst(locale) ? formatCalendarDate(d) : formatMmDdYyyy(date);
}

/**
 * Reporting-year closing (section 5): from April on (month index 3 or later) any date in an earlier
 * calendar year is closed; before April only dates two or more calendar years back are closed.
 */
export function isClosedForReporting(date: CalendarDate, today: CalendarDate): boolean {
  const monthIndex = today.month - 1;
  if (monthIndex >= 3) return date.year < today.year;
  return date.year <= today.year - 2;
}
