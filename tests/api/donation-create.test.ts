// Making an RFP donation (POST /api/branch/{id}/donations): the answer, the units in pounds, and every refusal of
// the rules (store, weight, categories, source, unit, date and the reporting year's April boundary) and of bad bodies.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { LBS_PER_KG } from '@/lib/domain/weight';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, type World } from './donation-setup';

describe.each(dbKinds())('donations on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  describe('create', () => {
    it('creates an RFP donation and answers it with store, categories and pounds', async () => {
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w) });
      expect(res.status).toBe(201);
      const d = res.json;
      expect(d).toMatchObject({
        branchId: w.branch.id,
        date: '2026-06-05',
        storeId: w.store.id,
        source: 0,
        weight: 100,
        weightUnit: 1,
        weightInPounds: 100,
        submitted: false,
        submitDate: null,
        campaignName: 'RFP',
        // createdBy is the authenticated user, whatever the body says
        createdBy: w.member.email,
        updatedBy: w.member.email,
      });
      expect(d.store).toEqual({
        id: w.store.id,
        name: 'Queen St W',
        number: '1234',
        retailer: { id: expect.any(String), name: 'Loblaw Companies' },
        banner: { id: expect.any(String), retailerId: d.store.retailer.id, name: 'No Frills' },
        displayName: 'Loblaw Companies - No Frills - Queen St W',
      });
      expect(d.categories.map((c: any) => [c.categoryId, c.category.name, c.fraction, c.donationId])).toEqual([
        [1, 'Meat & Seafood', 0.25, d.id],
        [5, 'Produce', 0.75, d.id],
      ]);
      const audit = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, d.id));
      expect(audit.map((a) => a.action)).toEqual(['create']);
    });

    it.each([
      [0, 10, 10 * LBS_PER_KG],
      [1, 10, 10],
      [2, 3, 120],
    ])('converts unit %i: %d → %d lbs and keeps unit and count', async (unit, weight, lbs) => {
      const d = await addDonation(api, w, { weightUnit: unit, weight });
      expect(d.weightUnit).toBe(unit);
      expect(d.weight).toBe(weight);
      expect(d.weightInPounds).toBeCloseTo(lbs, 9);
    });

    it('uses the configured banana-box weight', async () => {
      const api2 = await createTestApi(kind, { config: { bananaBoxLbs: 35 } });
      try {
        const w2 = await donationWorld(api2);
        const d = await addDonation(api2, w2, { weightUnit: 2, weight: 2 });
        expect(d.weightInPounds).toBe(70);
      } finally {
        await api2.close();
      }
    });

    it('refuses a date-time, with or without a UTC offset: a donation date is a calendar date (YYYY-MM-DD)', async () => {
      for (const date of ['2026-06-07T04:00:00.000Z', '2026-06-06T23:30:00-04:00', '2026-06-07T00:00:00']) {
        const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, { date }) });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ code: 'VALIDATION_DATE_FORMAT', field: 'date', message: 'Invalid date format' });
      }
    });

    it('accepts 100% No Donation with weight 0', async () => {
      const d = await addDonation(api, w, { weight: 0, categories: [{ categoryId: 9, fraction: 1 }] });
      expect(d.weightInPounds).toBe(0);
      expect(d.categories).toHaveLength(1);
    });

    const cases: [string, Record<string, unknown>, string, string, string][] = [
      ['no store', { storeId: null }, 'VALIDATION_STORE', 'storeId', 'Please select a store'],
      ['a weight of 1e-300', { weight: 1e-300 }, 'VALIDATION_WEIGHT', 'weight', 'Please enter a valid weight'],
      ['a weight below 0.01', { weight: 0.005 }, 'VALIDATION_WEIGHT', 'weight', 'Please enter a valid weight'],
      ['a store of another branch', { storeId: 'other' }, 'VALIDATION_STORE', 'storeId', 'Please select a store'],
      ['a malformed store id', { storeId: 'not-a-uuid' }, 'VALIDATION_STORE', 'storeId', 'Please select a store'],
      ['a store of another program', { storeId: 'campaign' }, 'VALIDATION_STORE', 'storeId', 'Please select a store'],
      ['a negative weight', { weight: -1 }, 'VALIDATION_WEIGHT', 'weight', 'Please enter a valid weight'],
      ['weight 0 without 100% No Donation', { weight: 0 }, 'VALIDATION_WEIGHT', 'weight', 'Please enter a valid weight'],
      [
        'weight > 0 with 100% No Donation',
        { weight: 5, categories: [{ categoryId: 9, fraction: 1 }] },
        'VALIDATION_WEIGHT',
        'weight',
        'Please enter a valid weight',
      ],
      [
        'shares totalling 99%',
        {
          categories: [
            { categoryId: 1, fraction: 0.5 },
            { categoryId: 2, fraction: 0.49 },
          ],
        },
        'VALIDATION_CATEGORIES',
        'categories',
        'Please check categories add up to 100%',
      ],
      [
        'shares totalling 101%',
        {
          categories: [
            { categoryId: 1, fraction: 0.5 },
            { categoryId: 2, fraction: 0.51 },
          ],
        },
        'VALIDATION_CATEGORIES',
        'categories',
        'Please check categories add up to 100%',
      ],
      [
        'a share off the 0.01 step',
        {
          categories: [
            { categoryId: 1, fraction: 0.505 },
            { categoryId: 2, fraction: 0.495 },
          ],
        },
        'VALIDATION_CATEGORIES',
        'categories',
        'Please check categories add up to 100%',
      ],
      ['no categories', { categories: [] }, 'VALIDATION_CATEGORIES', 'categories', 'Please check categories add up to 100%'],
      ['an unknown category', { categories: [{ categoryId: 99, fraction: 1 }] }, 'VALIDATION_CATEGORY', 'categories', 'Unknown category'],
      [
        'a repeated category',
        {
          categories: [
            { categoryId: 1, fraction: 0.5 },
            { categoryId: 1, fraction: 0.5 },
          ],
        },
        'VALIDATION_CATEGORY',
        'categories',
        'Unknown category',
      ],
      ['an unknown source', { source: 7 }, 'VALIDATION_SOURCE', 'source', 'Please select a source'],
      ['an unknown unit', { weightUnit: 3 }, 'VALIDATION_UNIT', 'weightUnit', 'Please select a unit'],
      ['an unparseable date', { date: '2026-02-30' }, 'VALIDATION_DATE_FORMAT', 'date', 'Invalid date format'],
      [
        'a date of last year after March',
        { date: '2025-12-31' },
        'VALIDATION_DATE_PREVIOUS_YEAR',
        'date',
        'The selected date has been closed for reporting',
      ],
      ['a date two years back', { date: '2024-06-01' }, 'VALIDATION_DATE', 'date', 'The selected date has been closed for reporting'],
    ];
    it.each(cases)('refuses %s with 400 %s', async (_name, over, code, field, message) => {
      const patch = { ...over };
      if (patch.storeId === 'other') patch.storeId = w.otherStore.id;
      if (patch.storeId === 'campaign') patch.storeId = w.campaignStore.id;
      const before = await api.db.$count(s.donations);
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, patch) });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code, message, field });
      expect(await api.db.$count(s.donations)).toBe(before);
    });

    it('applies the April boundary of the reporting year with the clock', async () => {
      try {
        // 31 March 2026 in Toronto: last year is still open, two years back is closed.
        api.clock.now = new Date('2026-03-31T12:00:00-04:00');
        const open = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
          token: w.token,
          body: donationBody(w, { date: '2025-01-15' }),
        });
        expect(open.status).toBe(201);
        const closed = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
          token: w.token,
          body: donationBody(w, { date: '2024-12-31' }),
        });
        expect(closed.json.code).toBe('VALIDATION_DATE');
        // 1 April 2026 00:30 in Toronto (still 31 March in UTC... no: 04:30Z on 1 April): last year is closed.
        api.clock.now = new Date('2026-04-01T00:30:00-04:00');
        const late = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
          token: w.token,
          body: donationBody(w, { date: '2025-12-31' }),
        });
        expect(late.status).toBe(400);
        expect(late.json).toMatchObject({
          code: 'VALIDATION_DATE_PREVIOUS_YEAR',
          message: 'The selected date has been closed for reporting',
          field: 'date',
        });
        // Today's time zone decides: 31 March 23:30 in Toronto is 1 April in UTC, and last year is still open.
        api.clock.now = new Date('2026-04-01T03:30:00Z');
        const tz = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
          token: w.token,
          body: donationBody(w, { date: '2025-12-31' }),
        });
        expect(tz.status).toBe(201);
      } finally {
        api.clock.now = new Date('2026-06-10T16:00:00Z');
      }
    });

    it.each([
      ['an unknown field', { colour: 'red' }],
      ['a string weight', { weight: '100' }],
      ['a fraction above 1', { categories: [{ categoryId: 1, fraction: 2 }] }],
      ['a missing date', { date: undefined }],
      ['categories not a list', { categories: 'all' }],
      ['another branch in the body', { branchId: '3f2b9c1e-8a4d-4c2b-9e7f-0123456789aa' }],
    ])('refuses %s with 400 and changes nothing', async (_n, over) => {
      const before = await api.db.$count(s.donations);
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, body: donationBody(w, over) });
      expect(res.status).toBe(400);
      expect(res.json.message).toEqual(expect.any(String));
      expect(await api.db.$count(s.donations)).toBe(before);
    });

    it.each([
      ['malformed JSON', '{"date": '],
      ['a JSON array', '[]'],
      ['null', 'null'],
      ['a huge body', JSON.stringify({ ...{ date: '2026-06-01' }, pad: 'x'.repeat(300 * 1024) })],
    ])('answers %s with 400/413, never 500', async (_n, raw) => {
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, { token: w.token, rawBody: raw });
      expect([400, 413]).toContain(res.status);
      expect(res.text).not.toMatch(/at .*\.ts/);
    });

    it('refuses a body that is not JSON with 415', async () => {
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
        token: w.token,
        rawBody: 'date=2026-06-01',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(415);
    });
  });
});
