import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { LBS_PER_KG } from '@/lib/domain/weight';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationBody, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

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

    it('accepts an ISO date-time and reads it as UTC', async () => {
      const d = await addDonation(api, w, { date: '2026-06-07T04:00:00.000Z' });
      expect(d.date).toBe('2026-06-07');
    });

    it('accepts 100% No Donation with weight 0', async () => {
      const d = await addDonation(api, w, { weight: 0, categories: [{ categoryId: 9, fraction: 1 }] });
      expect(d.weightInPounds).toBe(0);
      expect(d.categories).toHaveLength(1);
    });

    const cases: [string, Record<string, unknown>, string, string, string][] = [
      ['no store', { storeId: null }, 'VALIDATION_STORE', 'storeId', 'Please select a store'],
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

  describe('campaign donations', () => {
    it('creates, lists, reads, updates and deletes a campaign donation', async () => {
      const body = donationBody(w, {
        storeId: w.campaignStore.id,
        source: 1,
        categories: undefined,
        campaignCategories: [{ categoryId: 3, fraction: 1 }],
      });
      delete (body as Record<string, unknown>).categories;
      const created = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign.id}/campaigndonations`, {
        token: w.token,
        body: { ...body, categories: [], campaignCategories: [{ categoryId: 3, fraction: 1 }] },
      });
      expect(created.status).toBe(201);
      const d = created.json;
      expect(d).toMatchObject({
        campaignId: w.campaign.id,
        campaignName: 'Holiday Drive',
        campaign: { id: w.campaign.id, name: 'Holiday Drive' },
        source: 1,
      });
      expect(d.campaignCategories).toEqual([
        {
          id: expect.any(String),
          campaignId: w.campaign.id,
          campaignDonationId: d.id,
          categoryId: 3,
          category: expect.objectContaining({ name: 'Bakery' }),
          categoryName: 'Bakery',
          fraction: 1,
        },
      ]);

      const list = await api.request('GET', `/api/branch/${w.branch.id}/campaigndonations/2026/6`, { token: w.token });
      expect(list.status).toBe(200);
      expect(list.json.map((x: any) => x.id)).toEqual([d.id]);
      // The RFP list does not carry campaign donations.
      const rfp = await api.request('GET', `/api/branch/${w.branch.id}/donations/2026/6`, { token: w.token });
      expect(rfp.json.map((x: any) => x.id)).not.toContain(d.id);

      const read = await api.request('GET', `/api/donation/campaigndonation/${d.id}`, { token: w.token });
      expect(read.json.campaignCategories).toHaveLength(1);
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).status).toBe(404);

      const put = await api.request('PUT', `/api/donation/campaigndonation/${d.id}`, {
        token: w.token,
        body: {
          ...body,
          categories: [],
          campaignCategories: [
            { categoryId: 3, fraction: 0.5 },
            { categoryId: 2, fraction: 0.5 },
          ],
          weight: 50,
        },
      });
      expect(put.status).toBe(200);
      expect(put.json.weightInPounds).toBe(50);
      expect(put.json.campaignCategories.map((c: any) => c.categoryId)).toEqual([2, 3]);

      expect((await api.request('DELETE', `/api/donation/campaigndonation/${d.id}`, { token: w.outsiderToken })).status).toBe(404);
      expect((await api.request('DELETE', `/api/donation/campaigndonation/${d.id}`, { token: w.token })).status).toBe(204);
      expect((await api.request('GET', `/api/donation/campaigndonation/${d.id}`, { token: w.token })).status).toBe(404);
    });

    it('authorizes every id-based campaign call: another member and unknown ids get the same 404, no token 401', async () => {
      const body = donationBody(w, { storeId: w.campaignStore.id });
      const created = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign.id}/campaigndonations`, { token: w.token, body });
      const id = created.json.id;
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { ...body, weight: 1 }],
        ['DELETE', undefined],
      ] as const) {
        const foreign = await api.request(method, `/api/donation/campaigndonation/${id}`, { token: w.outsiderToken, body: payload });
        const unknown = await api.request(method, `/api/donation/campaigndonation/${UNKNOWN_ID}`, { token: w.token, body: payload });
        expect(foreign.status).toBe(404);
        expect(unknown.status).toBe(404);
        expect(foreign.json).toEqual(unknown.json);
        expect((await api.request(method, `/api/donation/campaigndonation/${id}`, { body: payload })).status).toBe(401);
        expect((await api.request(method, `/api/donation/campaigndonation/nope`, { token: w.token, body: payload })).status).toBe(400);
      }
      const after = await api.request('GET', `/api/donation/campaigndonation/${id}`, { token: w.token });
      expect(after.json.weight).toBe(100);
    });

    it('locks campaign donations with the month too', async () => {
      const api4 = await createTestApi(kind);
      try {
        const w4 = await donationWorld(api4);
        const body = donationBody(w4, { storeId: w4.campaignStore.id, date: '2026-01-15' });
        const created = await api4.request('POST', `/api/branch/${w4.branch.id}/${w4.campaign.id}/campaigndonations`, {
          token: w4.token,
          body,
        });
        expect((await submit(api4, w4, 2026, 1)).status).toBe(200);
        const add = await api4.request('POST', `/api/branch/${w4.branch.id}/${w4.campaign.id}/campaigndonations`, {
          token: w4.token,
          body,
        });
        const put = await api4.request('PUT', `/api/donation/campaigndonation/${created.json.id}`, {
          token: w4.token,
          body: { ...body, weight: 3 },
        });
        const del = await api4.request('DELETE', `/api/donation/campaigndonation/${created.json.id}`, { token: w4.token });
        for (const r of [add, put, del]) {
          expect(r.status).toBe(400);
          expect(r.json.message).toContain('month already submitted');
        }
      } finally {
        await api4.close();
      }
    });

    it('refuses an unknown program and the RFP id on the campaign path with 404', async () => {
      const body = { ...donationBody(w, { storeId: w.campaignStore.id }) };
      for (const id of ['3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab', '00000000-0000-0000-0000-000000000000']) {
        const res = await api.request('POST', `/api/branch/${w.branch.id}/${id}/campaigndonations`, { token: w.token, body });
        expect(res.status).toBe(404);
      }
    });

    it('refuses an RFP store on the campaign path', async () => {
      const res = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign.id}/campaigndonations`, {
        token: w.token,
        body: donationBody(w),
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_STORE');
    });
  });

  describe('read, update, delete', () => {
    it('reads one donation; another branch and unknown ids are the same 404', async () => {
      const d = await addDonation(api, w);
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).json.id).toBe(d.id);
      const foreign = await api.request('GET', `/api/donation/${d.id}`, { token: w.outsiderToken });
      const unknown = await api.request('GET', `/api/donation/${UNKNOWN_ID}`, { token: w.token });
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreign.json).toEqual(unknown.json);
      expect((await api.request('GET', `/api/donation/not-a-uuid`, { token: w.token })).status).toBe(400);
      expect((await api.request('GET', `/api/donation/${d.id}`)).status).toBe(401);
    });

    it('updates a donation: new values, updatedBy, a fresh gas figure and an audit entry', async () => {
      const d = await addDonation(api, w);
      const res = await api.request('PUT', `/api/donation/${d.id}`, {
        token: w.token,
        body: donationBody(w, { weight: 20, weightUnit: 0, date: '2026-05-20', source: 1, categories: [{ categoryId: 2, fraction: 1 }] }),
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ date: '2026-05-20', source: 1, weight: 20, weightUnit: 0, updatedBy: w.member.email });
      expect(res.json.weightInPounds).toBeCloseTo(20 * LBS_PER_KG, 9);
      expect(res.json.categories.map((c: any) => [c.categoryId, c.fraction])).toEqual([[2, 1]]);
      expect(res.json.ghgKgCo2e).toBeCloseTo(20 * LBS_PER_KG * 1.75 * 0.5, 6);
      const audit = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, d.id));
      const update = audit.find((a) => a.action === 'update')!;
      expect((update.before as any).weight).toBe(100);
      expect((update.after as any).weight).toBe(20);
    });

    it('keeps the store when an update leaves it out', async () => {
      const d = await addDonation(api, w);
      const body = donationBody(w, { weight: 7 }) as Record<string, unknown>;
      delete body.storeId;
      const res = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body });
      expect(res.status).toBe(200);
      expect(res.json.storeId).toBe(w.store.id);
    });

    it('applies the rules on update and changes nothing when refused', async () => {
      const d = await addDonation(api, w);
      const res = await api.request('PUT', `/api/donation/${d.id}`, { token: w.token, body: donationBody(w, { weight: 0 }) });
      expect(res.json).toEqual({ code: 'VALIDATION_WEIGHT', message: 'Please enter a valid weight', field: 'weight' });
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).json.weight).toBe(100);
    });

    it('refuses another member and unknown ids on update and delete with 404, changing nothing', async () => {
      const d = await addDonation(api, w);
      for (const [method, body] of [
        ['PUT', donationBody(w, { weight: 1 })],
        ['DELETE', undefined],
      ] as const) {
        expect((await api.request(method, `/api/donation/${d.id}`, { token: w.outsiderToken, body })).status).toBe(404);
        expect((await api.request(method, `/api/donation/${UNKNOWN_ID}`, { token: w.token, body })).status).toBe(404);
        expect((await api.request(method, `/api/donation/${d.id}`, { body })).status).toBe(401);
      }
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).json.weight).toBe(100);
    });

    it('deletes a donation with its categories and audits it', async () => {
      const d = await addDonation(api, w);
      expect((await api.request('DELETE', `/api/donation/${d.id}`, { token: w.token })).status).toBe(204);
      expect((await api.request('GET', `/api/donation/${d.id}`, { token: w.token })).status).toBe(404);
      expect(await api.db.$count(s.donationCategories, eq(s.donationCategories.donationId, d.id))).toBe(0);
      const audit = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, d.id));
      expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
    });
  });

  describe('locked month', () => {
    let inLocked: any;
    let inOpen: any;
    beforeAll(async () => {
      inLocked = await addDonation(api, w, { date: '2026-02-10' });
      inOpen = await addDonation(api, w, { date: '2026-03-10' });
      expect((await submit(api, w, 2026, 2)).status).toBe(200);
    });
    const locked = { code: 'MONTH_ALREADY_SUBMITTED', message: expect.stringContaining('month already submitted') };

    it('refuses an add into a submitted month', async () => {
      const before = await api.db.$count(s.donations);
      const res = await api.request('POST', `/api/branch/${w.branch.id}/donations`, {
        token: w.token,
        body: donationBody(w, { date: '2026-02-11' }),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(locked);
      expect(await api.db.$count(s.donations)).toBe(before);
    });

    it('refuses an update of a donation in a submitted month', async () => {
      const res = await api.request('PUT', `/api/donation/${inLocked.id}`, {
        token: w.token,
        body: donationBody(w, { date: '2026-02-10', weight: 1 }),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(locked);
    });

    it('refuses moving a donation out of a submitted month', async () => {
      const res = await api.request('PUT', `/api/donation/${inLocked.id}`, {
        token: w.token,
        body: donationBody(w, { date: '2026-03-01' }),
      });
      expect(res.json).toMatchObject(locked);
      expect((await api.request('GET', `/api/donation/${inLocked.id}`, { token: w.token })).json.date).toBe('2026-02-10');
    });

    it('refuses moving a donation into a submitted month', async () => {
      const res = await api.request('PUT', `/api/donation/${inOpen.id}`, { token: w.token, body: donationBody(w, { date: '2026-02-28' }) });
      expect(res.json).toMatchObject(locked);
      expect((await api.request('GET', `/api/donation/${inOpen.id}`, { token: w.token })).json.date).toBe('2026-03-10');
    });

    it('refuses deleting a donation of a submitted month', async () => {
      const res = await api.request('DELETE', `/api/donation/${inLocked.id}`, { token: w.token });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(locked);
      expect((await api.request('GET', `/api/donation/${inLocked.id}`, { token: w.token })).status).toBe(200);
    });

    it('shows the donation as submitted with its submit date', async () => {
      const d = (await api.request('GET', `/api/donation/${inLocked.id}`, { token: w.token })).json;
      expect(d.submitted).toBe(true);
      expect(new Date(d.submitDate).getTime()).toBe(api.clock.now.getTime());
    });

    it('leaves other branches free to write in the same month', async () => {
      const token = w.outsiderToken;
      const res = await api.request('POST', `/api/branch/${w.other.id}/donations`, {
        token,
        body: donationBody(w, { branchId: w.other.id, storeId: w.otherStore.id, date: '2026-02-11' }),
      });
      expect(res.status).toBe(201);
    });
  });

  describe('month lists', () => {
    it('lists the RFP donations of a month in date order with their store and categories', async () => {
      const api3 = await createTestApi(kind);
      try {
        const w3 = await donationWorld(api3);
        const b = await addDonation(api3, w3, { date: '2026-04-20' });
        const a = await addDonation(api3, w3, { date: '2026-04-01' });
        await addDonation(api3, w3, { date: '2026-05-01' });
        await addDonation(api3, w3, { date: '2026-03-31' });
        const res = await api3.request('GET', `/api/branch/${w3.branch.id}/donations/2026/4`, { token: w3.token });
        expect(res.status).toBe(200);
        expect(res.json.map((d: any) => d.id)).toEqual([a.id, b.id]);
        expect(res.json[0].store.displayName).toBe('Loblaw Companies - No Frills - Queen St W');
        const dec = await api3.request('GET', `/api/branch/${w3.branch.id}/donations/2026/12`, { token: w3.token });
        expect(dec.json).toEqual([]);
      } finally {
        await api3.close();
      }
    });

    it.each([
      '/donations/2026/13',
      '/donations/2026/0',
      '/donations/abc/4',
      '/donations/99999/4',
      '/campaigndonations/2026/x',
      '/donations/2026/4.5',
    ])('refuses the bad parameters of %s with 400', async (path) => {
      const res = await api.request('GET', `/api/branch/${w.branch.id}${path}`, { token: w.token });
      expect([400, 404]).toContain(res.status);
    });
  });
});
