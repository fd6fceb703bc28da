// The month lock at the month's boundary, in the program's time zones: a donation's date is a calendar date, so a
// submitted November takes no donation dated in November, whatever the clock and the zone; a date sent with a UTC
// offset (2026-11-30T23:30:00-04:00) was read as its UTC day, 1 December, and slipped past the lock. Now any
// date-time is refused, and "today" (the future-date rule) turns at the zone's own midnight (injected clock).
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { donationBody, donationWorld, submit, type World } from './donation-setup';

const ZONES = [
  { zone: 'America/Halifax', name: 'Atlantic' },
  { zone: 'America/Toronto', name: 'Eastern' },
  { zone: 'America/Vancouver', name: 'Pacific' },
  { zone: 'America/St_Johns', name: 'Newfoundland' },
] as const;

/** The zone's UTC offset (±HH:MM) at an instant, from the time-zone data (British Columbia's may change). */
function offsetAt(zone: string, instant: Date): string {
  const name = new Intl.DateTimeFormat('en-CA', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** The instant of a local wall-clock time (YYYY-MM-DDTHH:MM:SS) in a zone. */
function at(local: string, zone: string): Date {
  const guess = new Date(`${local}Z`);
  return new Date(`${local}${offsetAt(zone, new Date(`${local}${offsetAt(zone, guess)}`))}`);
}

describe.each(dbKinds())('the month lock at the boundary on %s', (kind) => {
  describe.each(ZONES)('in $name time ($zone)', ({ zone }) => {
    let api: TestApi;
    let w: World;
    beforeAll(async () => {
      api = await createTestApi(kind, { config: { timeZone: zone } });
      w = await donationWorld(api);
      // November is submitted once over (the clock then moves back and forth around its end).
      api.clock.now = at('2026-12-01T10:00:00', zone);
      w.token = await fixtures.token(api, w.member.id);
      expect((await submit(api, w, 2026, 11)).status).toBe(200);
    });
    afterAll(() => api.close());

    // A token of the moment: the clock moves by hours around the boundary, further than one token's life from June.
    const add = async (date: string) =>
      api.request('POST', `/api/branch/${w.branch.id}/donations`, {
        token: await fixtures.token(api, w.member.id),
        body: donationBody(w, { date }),
      });

    it.each([
      ['the last minute of November', '2026-11-30T23:59:00'],
      ['the first minute of December', '2026-12-01T00:00:00'],
      ['the morning of 1 December', '2026-12-01T09:00:00'],
    ])('at %s there: a November date is refused as submitted', async (_when, local) => {
      api.clock.now = at(local, zone);
      for (const date of ['2026-11-30', '2026-11-01']) {
        const res = await add(date);
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('MONTH_ALREADY_SUBMITTED');
      }
    });

    it('a late-November evening sent with the zone’s offset is refused, never stored as 1 December', async () => {
      api.clock.now = at('2026-12-01T09:00:00', zone);
      const offset = offsetAt(zone, at('2026-11-30T23:30:00', zone));
      for (const date of [`2026-11-30T23:30:00${offset}`, '2026-12-01T03:30:00Z', '2026-11-30T23:30:00']) {
        const res = await add(date);
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('VALIDATION_DATE_FORMAT');
      }
    });

    it('1 December is in the future until midnight there, and open from then on', async () => {
      api.clock.now = at('2026-11-30T23:59:00', zone);
      const early = await add('2026-12-01');
      expect(early.status).toBe(400);
      expect(early.json.code).toBe('VALIDATION_DATE_FUTURE');
      api.clock.now = at('2026-12-01T00:00:00', zone);
      const onTime = await add('2026-12-01');
      expect(onTime.status).toBe(201);
      expect(onTime.json.date).toBe('2026-12-01');
    });
  });
});
