// What a user types into the donation form, read into the values the rules and the API take.
import { formatCalendarDate, formatTypedDate, isDayFirst, parseCalendarDate, type CalendarDate } from './dates';

// Two digit groups and a year, in the order of the user's language (MM/DD/YYYY in English, JJ/MM/AAAA in French);
// phones' numeric keypads may lack "/", so "-" or "." separators and bare MMDDYYYY / JJMMAAAA are read too.
const TWO_GROUPS_AND_YEAR = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$|^\s*(\d{2})(\d{2})(\d{4})\s*$/;
// The ISO date (YYYY-MM-DD / AAAA-MM-JJ) many Canadians type, in either language: a four-digit first group is a year.
const ISO = /^\s*(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\s*$/;

const isoOf = (year: string, month: string, day: string) => {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return parseCalendarDate(iso) ? iso : '';
};

/**
 * A date as typed → YYYY-MM-DD, or '' when it is not a date at all (→ 'Invalid date format'). The rule of each
 * language (docs/rules.md, "Dates in French"): English reads MM/DD/YYYY (the product's long-standing form),
 * French reads JJ/MM/AAAA as a Canadian French speaker writes it; both read YYYY-MM-DD.
 */
export function typedToIso(typed: string, locale: string = 'en'): string {
  const isoMatch = ISO.exec(typed);
  if (isoMatch) return isoOf(isoMatch[1]!, isoMatch[2]!, isoMatch[3]!);
  const found = TWO_GROUPS_AND_YEAR.exec(typed);
  if (!found) return '';
  const [, first1, second1, year1, first2, second2, year2] = found;
  const [first, second, year] = first1 ? [first1, second1!, year1!] : [first2!, second2!, year2!];
  return isDayFirst(locale) ? isoOf(year, second, first) : isoOf(year, first, second);
}

/** A calendar date as the date field shows it: MM/DD/YYYY in English, AAAA-MM-JJ in French. */
export const isoToTyped = (d: CalendarDate, locale: string = 'en') => formatTypedDate(formatCalendarDate(d), locale);

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
