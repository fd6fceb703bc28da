// What a user types into the donation form, read into the values the rules and the API take.
import { formatCalendarDate, formatMmDdYyyy, parseCalendarDate, type CalendarDate } from './dates';

// MM/DD/YYYY; phones' numeric keypads may lack "/", so "-" or "." separators and bare MMDDYYYY are read too.
const MM_DD_YYYY = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$|^\s*(\d{2})(\d{2})(\d{4})\s*$/;
// The ISO date (YYYY-MM-DD) many Canadians type, in either language.
const ISO = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/;

/** MM/DD/YYYY (or YYYY-MM-DD) as typed → YYYY-MM-DD, or '' when it is not a date at all (→ 'Invalid date format'). */
export function typedToIso(typed: string): string {
  const isoMatch = ISO.exec(typed);
  if (isoMatch) {
    const value = `${isoMatch[1]}-${isoMatch[2].padStart(2, '0')}-${isoMatch[3].padStart(2, '0')}`;
    return parseCalendarDate(value) ? value : '';
  }
  const found = MM_DD_YYYY.exec(typed);
  const m = found && (found[1] ? found : [found[0], found[4], found[5], found[6]]);
  if (!m) return '';
  const iso = `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return parseCalendarDate(iso) ? iso : '';
}

/** A calendar date as the date field shows it (MM/DD/YYYY). */
export const isoToTyped = (d: CalendarDate) => formatMmDdYyyy(formatCalendarDate(d));

// Digit groups of three separated by a space, a no-break space or a narrow no-break space (French: 1 234,5).
const SPACE_GROUPS = /^\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d+)?$/;
// Digit groups of three separated by commas, with a decimal point (English: 1,234.5).
const COMMA_GROUPS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * Weight as typed, in the user's language: "12.5" or "12,5"; thousands separated by spaces in both languages
 * ("1 234,5"), by commas in English ("1,234.5": there a comma before three digits groups thousands, while in
 * French a comma is always the decimal mark). NaN when it is not a number.
 */
export function typedWeight(typed: string, locale: string = 'en'): number {
  let s = typed.trim();
  if (SPACE_GROUPS.test(s)) s = s.replace(/[ \u00a0\u202f]/g, '');
  else if (locale !== 'fr' && COMMA_GROUPS.test(s)) s = s.replace(/,/g, '');
  s = s.replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(s) ? Number(s) : NaN;
}
