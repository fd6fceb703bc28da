// How a written date or sentence reads in each language, shared by the screens, the PDFs and the mails.

/** French writes the first of a month as an ordinal: "1 novembre" → "1er novembre" (a text that starts with the day). */
export const firstAsOrdinal = (text: string, locale: string) => (locale.startsWith('fr') ? text.replace(/^1(?=\s)/, '1er') : text);

/**
 * Ends a sentence with a full stop, unless its last word already brought one: en-CA writes "6:11 p.m.", so a
 * sentence that ends with a time must not add a second.
 */
export const withFullStop = (text: string) => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);

/**
 * A calendar date (YYYY-MM-DD) written out in en-CA or fr-CA: "Monday, June 1" / "lundi 1er juin", with the year when
 * asked ("June 1, 2026" / "1er juin 2026"). Read as noon UTC and written in UTC, so no time zone moves the day.
 */
export function writtenDay(date: string, locale: string, opts: { weekday?: boolean; year?: boolean } = {}): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const fr = locale.startsWith('fr');
  const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: opts.year ? 'numeric' : undefined, timeZone: 'UTC' };
  if (!fr) return new Intl.DateTimeFormat('en-CA', { ...dayMonth, ...(opts.weekday ? { weekday: 'long' } : {}) }).format(at);
  const day = firstAsOrdinal(new Intl.DateTimeFormat('fr-CA', dayMonth).format(at), 'fr');
  return opts.weekday ? `${new Intl.DateTimeFormat('fr-CA', { weekday: 'long', timeZone: 'UTC' }).format(at)} ${day}` : day;
}
