// Campaign donations (a program other than RFP): their whole life on their own paths, the same 404 for another
// branch's and unknown ids, the month lock, and the refusals of unknown programs and RFP stores.
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { donationBody, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('donations on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  describe('campaign donations', () => {
    it('creates, lists, reads, updates and deletes a campaign donation', async () => {
      // May: a month no other test here writes in, so the list holds this donation alone.
      const body = donationBody(w, {
        date: '2026-05-12',
        storeId: w.campaignStore.id,
        source: 1,
        categories: undefined,
        campaignCategories: [{ categoryId: 3, fraction: 1 }],
      });
      delete (body as Record<string, unknown>).categories;
      const created = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`, {
        token: w.token,
        body: { ...body, categories: [], campaignCategories: [{ categoryId: 3, fraction: 1 }] },
      });
      expect(created.status).toBe(201);
      const d = created.json;
      expect(d).toMatchObject({
        campaignId: w.campaign!.id,
        campaignName: 'Holiday Drive',
        campaign: { id: w.campaign!.id, name: 'Holiday Drive' },
        source: 1,
      });
      expect(d.campaignCategories).toEqual([
        {
          id: expect.any(String),
          campaignId: w.campaign!.id,
          campaignDonationId: d.id,
          categoryId: 3,
          category: expect.objectContaining({ name: 'Bakery' }),
          categoryName: 'Bakery',
          fraction: 1,
        },
      ]);

      const list = await api.request('GET', `/api/branch/${w.branch.id}/campaigndonations/2026/5`, { token: w.token });
      expect(list.status).toBe(200);
      expect(list.json.map((x: any) => x.id)).toEqual([d.id]);
      // The RFP list does not carry campaign donations.
      const rfp = await api.request('GET', `/api/branch/${w.branch.id}/donations/2026/5`, { token: w.token });
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
      const created = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`, { token: w.token, body });
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
        const created = await api4.request('POST', `/api/branch/${w4.branch.id}/${w4.campaign!.id}/campaigndonations`, {
          token: w4.token,
          body,
        });
        expect((await submit(api4, w4, 2026, 1)).status).toBe(200);
        const add = await api4.request('POST', `/api/branch/${w4.branch.id}/${w4.campaign!.id}/campaigndonations`, {
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
      const res = await api.request('POST', `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`, {
        token: w.token,
        body: donationBody(w),
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_STORE');
    });
  });
});
