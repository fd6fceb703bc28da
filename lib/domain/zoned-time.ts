// A moment as the program's staff read it: the date and time in the program's time zone (APP_TIME_ZONE), with the
// zone named, so an entry written on a server in UTC and one read in a browser elsewhere show the same clock.

/**
 * "Jan 15, 2026, 8:56 a.m. ET" in English, "15 janv. 2026, 8 h 56 HE" in Canadian French: the zone's generic short
 * name (ET rather than EST/EDT, which would change with daylight saving time), and the French hour without a leading
 * zero, as Canadian French writes it.
 */
export function zonedMomentFormatter(locale: string, timeZone: string): (iso: string) => string {
  const fr = locale === 'fr';
  const format = new Intl.DateTimeFormat(fr ? 'fr-CA' : 'en-CA', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'shortGeneric',
  });
  return (iso: string) =>
    format
      .formatToParts(new Date(iso))
      .map((p) => (fr && p.type === 'hour' ? String(Number(p.value)) : p.value))
      .join('');
}
