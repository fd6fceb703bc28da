import { todayCalendarDate } from '@/lib/domain/dates';
import { FIELD_CLASS } from './filter-fields';
import { monthValue } from './search-params';

/** How far back the month lists go: the program's reports and the partners' figures of the last five years. */
const YEARS_BACK = 5;

/**
 * A month of a filter form (`name=YYYY-MM`), as a list of months named in the page's language, newest first, from
 * January five years back to this month. A browser's own month field (`<input type="month">`) names the months in
 * the browser's language, not the page's: English month names on a French screen. A month in the address outside
 * that range stays chosen, at its place in the list.
 */
export function MonthSelect({
  id,
  name,
  value,
  monthYear,
  timeZone,
}: {
  id: string;
  name: string;
  /** The chosen month, YYYY-MM. */
  value: string;
  /** The month's name with its year in the page's language ("novembre 2026"). */
  monthYear: (year: number, month: number) => string;
  timeZone: string;
}) {
  const today = todayCalendarDate(new Date(), timeZone);
  const values: string[] = [];
  for (let n = today.year * 12 + today.month - 1; n >= (today.year - YEARS_BACK) * 12; n--)
    values.push(monthValue(Math.floor(n / 12), (n % 12) + 1));
  // YYYY-MM sorts as text: a chosen month outside the range takes its place, newest first.
  if (/^\d{4}-\d{2}$/.test(value) && !values.includes(value)) {
    values.push(value);
    values.sort().reverse();
  }
  return (
    <select id={id} name={name} defaultValue={value} required className={FIELD_CLASS}>
      {values.map((v) => (
        <option key={v} value={v}>
          {monthYear(Number(v.slice(0, 4)), Number(v.slice(5, 7)))}
        </option>
      ))}
    </select>
  );
}
