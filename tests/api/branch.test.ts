import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { MAX_BODY_BYTES } from '@/donation-api/app';
import { normalizeProvince } from '@/donation-api/people-places/branches';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

const VALID = {
  name: 'Daily Bread Food Bank',
  email: 'info@dailybread.example.org',
  phoneNumber: '416-203-0050',
  province: 'ON',
  city: 'Toronto',
  address1: '191 New Toronto St',
  address2: null,
  postalCode: 'M8V 2E7',
  website: 'https://www.dailybread.example.org',
  operatingHours: 'Mon-Fri 9-5\nSat 10-2',
  contactName: 'Pat Lee',
  contactTitle: 'Director',
  contactEmail: 'pat@dailybread.example.org',
  contactPhoneNumber: '416-555-0111',
  numStaff: 42,
  numVolunteers: 300,
  numServedInPreviousYear: 200000,
  totalPoundsDistributedAnnually: 12500000.5,
};

describe.each(dbKinds())('branch calls on %s', (kind) => {
  let api: TestApi;
  let mine: { id: string };
  let second: { id: string };
  let foreign: { id: string };
  let token: string;
  let userId: string;

  beforeAll(async () => {
    api = await createTestApi(kind);
    mine = await fixtures.branch(api, { name: 'My Food Bank', lat: 43.6, lng: -79.5 });
    second = await fixtures.branch(api, { name: 'My Other Food Bank', province: 'QC' });
    foreign = await fixtures.branch(api, { name: 'Somebody Else' });
    const u = await fixtures.user(api, { branchIds: [mine.id, second.id] });
    userId = u.id;
    token = await fixtures.token(api, u.id);
  });
  afterAll(() => api.close());

  const put = (id: string, body: unknown, t: string | null = token) =>
    api.request('PUT', `/api/branch/${id}`, { token: t ?? undefined, body });

  describe('GET /api/branch/{branchId}', () => {
    it('answers every field of the branch', async () => {
      // Branches of its own: the updates below rename "mine" and "second".
      const own = await fixtures.branch(api, { name: 'Reading Food Bank', lat: 43.6, lng: -79.5 });
      const ownSecond = await fixtures.branch(api, { name: 'My Other Food Bank', province: 'QC' });
      const reader = await fixtures.user(api, { branchIds: [own.id, ownSecond.id] });
      const ownToken = await fixtures.token(api, reader.id);
      const res = await api.request('GET', `/api/branch/${own.id}`, { token: ownToken });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: own.id, name: 'Reading Food Bank', province: 'ON', city: 'Toronto', lat: 43.6, lng: -79.5 });
      expect(Object.keys(res.json).sort()).toEqual(
        [
          'id',
          'name',
          'email',
          'phoneNumber',
          'province',
          'city',
          'address1',
          'address2',
          'postalCode',
          'lat',
          'lng',
          'website',
          'operatingHours',
          'contactName',
          'contactTitle',
          'contactEmail',
          'contactPhoneNumber',
          'numStaff',
          'numVolunteers',
          'numServedInPreviousYear',
          'totalPoundsDistributedAnnually',
        ].sort(),
      );
      expect((await api.request('GET', `/api/branch/${ownSecond.id}`, { token: ownToken })).json.name).toBe('My Other Food Bank');
      // A uuid is a uuid in any case.
      expect((await api.request('GET', `/api/branch/${own.id.toUpperCase()}`, { token: ownToken })).json.id).toBe(own.id);
      // ...on every branch-scoped route alike (one access check): the stores and the donation years too.
      for (const path of [`/api/branch/${own.id.toUpperCase()}/stores`, `/api/donation/donationyears?branchId=${own.id.toUpperCase()}`]) {
        expect((await api.request('GET', path, { token: ownToken })).status).toBe(200);
      }
    });

    it('answers the same 404 for another branch, an unknown id and a malformed id', async () => {
      const answers = await Promise.all(
        [foreign.id, '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', 'not-a-uuid', '1', "x' or 1=1 --"].map((id) =>
          api.request('GET', `/api/branch/${encodeURIComponent(id)}`, { token }),
        ),
      );
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
      }
    });

    it('answers 401 without a token, with a malformed header and with a revoked token', async () => {
      expect((await api.request('GET', `/api/branch/${mine.id}`)).status).toBe(401);
      expect((await api.request('GET', `/api/branch/${mine.id}`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
      const t = await fixtures.token(api, userId);
      await api.request('POST', '/api/user/logout', { token: t });
      expect((await api.request('GET', `/api/branch/${mine.id}`, { token: t })).status).toBe(401);
    });

    it('leaves deeper paths to their own routes', async () => {
      // These belong to other routers; this router must not answer them as a branch read.
      const res = await api.request('GET', `/api/branch/${mine.id}/nothing-here/at-all`, { token });
      expect(res.status).toBe(404);
      expect(res.json.id).toBeUndefined();
    });
  });

  describe('PUT /api/branch/{branchId}', () => {
    it('updates the branch, answers it and audits before and after', async () => {
      const res = await put(mine.id, VALID);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ ...VALID, id: mine.id, lat: 43.6, lng: -79.5 });
      const again = await api.request('GET', `/api/branch/${mine.id}`, { token });
      expect(again.json).toEqual(res.json);
      const audits = await api.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entity, 'branch'), eq(s.auditLog.entityId, mine.id)));
      const last = audits.at(-1)!;
      expect(last).toMatchObject({ action: 'update', userId, branchId: mine.id });
      expect((last.before as { name: string }).name).toBe('My Food Bank');
      expect((last.after as { name: string }).name).toBe(VALID.name);
    });

    it('accepts the whole branch as read, ignoring id, lat and lng', async () => {
      const read = (await api.request('GET', `/api/branch/${mine.id}`, { token })).json;
      const res = await put(mine.id, { ...read, lat: 1, lng: 2, city: 'Etobicoke' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ city: 'Etobicoke', lat: 43.6, lng: -79.5 });
      const wrongId = await put(mine.id, { ...read, id: second.id });
      expect(wrongId.status).toBe(400);
    });

    it.each([
      ['name', 'ORG_NAME_VALIDATE', 'Please enter a name'],
      ['phoneNumber', 'ORG_PHONE_VALIDATE', 'Please enter a phone number'],
      ['email', 'ORG_EMAIL_VALIDATE', 'Please enter a valid email'],
      ['address1', 'ORG_ADDRESS_VALIDATE', 'Please enter an address'],
      ['city', 'ORG_CITY_VALIDATE', 'Please enter a city'],
      ['postalCode', 'ORG_POSTAL_CODE_VALIDATE', 'Please enter a postal code'],
    ])('requires %s (missing, null, blank) and changes nothing', async (field, code, message) => {
      const before = (await api.request('GET', `/api/branch/${second.id}`, { token })).json;
      const { [field]: _omit, ...without } = VALID as Record<string, unknown>;
      for (const body of [without, { ...VALID, [field]: null }, { ...VALID, [field]: '   ' }]) {
        const res = await put(second.id, body);
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code, message, field });
      }
      expect((await api.request('GET', `/api/branch/${second.id}`, { token })).json).toEqual(before);
    });

    it.each(['info', 'a@b', 'a b@c.org', '@example.org'])('refuses the e-mail %s', async (email) => {
      const res = await put(second.id, { ...VALID, email });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'ORG_EMAIL_VALIDATE', message: 'Please enter a valid email', field: 'email' });
    });

    it.each([
      ['ON', 'ON'],
      ['qc', 'QC'],
      ['Quebec', 'QC'],
      ['Québec', 'QC'],
      ['british columbia', 'BC'],
      ['Newfoundland and Labrador', 'NL'],
      ['Île-du-Prince-Édouard', 'PE'],
      ['Nunavut', 'NU'],
    ])('stores the province %s as %s', async (province, code) => {
      const res = await put(second.id, { ...VALID, province });
      expect(res.status).toBe(200);
      expect(res.json.province).toBe(code);
    });

    it('clears an empty province and refuses an unknown one', async () => {
      expect((await put(second.id, { ...VALID, province: '' })).json.province).toBeNull();
      const res = await put(second.id, { ...VALID, province: 'Texas' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'ORG_PROVINCE_VALIDATE', field: 'province' });
    });

    it('turns statistics that are not numbers into null and reads numeric text', async () => {
      const res = await put(second.id, {
        ...VALID,
        numStaff: 'lots',
        numVolunteers: '',
        numServedInPreviousYear: '1,250',
        totalPoundsDistributedAnnually: {},
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        numStaff: null,
        numVolunteers: null,
        numServedInPreviousYear: 1250,
        totalPoundsDistributedAnnually: null,
      });
      const rounded = await put(second.id, { ...VALID, numStaff: 3.6 });
      expect(rounded.json.numStaff).toBe(4);
    });

    it('refuses statistics out of range with 400, never 500', async () => {
      for (const body of [
        { ...VALID, numStaff: -1 },
        { ...VALID, numStaff: 5e9 },
        { ...VALID, totalPoundsDistributedAnnually: 1e13 },
      ]) {
        const res = await put(second.id, body);
        expect(res.status).toBe(400);
      }
    });

    it('keeps fields left out and clears fields sent as null or blank', async () => {
      await put(second.id, { ...VALID, website: 'https://keep.example.org', contactTitle: 'Chair' });
      const { website: _w, ...rest } = VALID;
      const res = await put(second.id, { ...rest, contactTitle: '  ' });
      expect(res.json).toMatchObject({ website: 'https://keep.example.org', contactTitle: null });
    });

    it('answers the same 404 for another branch, an unknown id and a malformed id, and changes nothing', async () => {
      for (const id of [foreign.id, '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', 'zzz']) {
        const res = await put(id, VALID);
        expect(res.status).toBe(404);
        expect(res.json.code).toBe('NOT_FOUND');
      }
      const [row] = await api.db.select().from(s.branches).where(eq(s.branches.id, foreign.id));
      expect(row!.name).toBe('Somebody Else');
    });

    it('answers 401 without a token', async () => {
      expect((await put(mine.id, VALID, null)).status).toBe(401);
      expect((await put(foreign.id, VALID, null)).status).toBe(401);
    });

    it('refuses malformed JSON, wrong types, unknown fields and huge bodies with 400 or 413', async () => {
      const bad = [
        api.request('PUT', `/api/branch/${mine.id}`, { token, rawBody: '{"name": ' }),
        put(mine.id, { ...VALID, name: 12 }),
        put(mine.id, { ...VALID, isAdmin: true }),
        put(mine.id, [VALID]),
        put(mine.id, 'text'),
        put(mine.id, { ...VALID, name: 'x'.repeat(201) }),
      ];
      for (const res of await Promise.all(bad)) {
        expect(res.status).toBe(400);
        expect(typeof res.json.code).toBe('string');
      }
      const huge = await put(mine.id, { ...VALID, operatingHours: 'x'.repeat(MAX_BODY_BYTES) });
      expect(huge.status).toBe(413);
    });
  });

  it('normalizeProvince reads codes and names, null for empty, undefined for unknown', () => {
    expect(normalizeProvince('Nouvelle-Écosse')).toBe('NS');
    expect(normalizeProvince(' yt ')).toBe('YT');
    expect(normalizeProvince(null)).toBeNull();
    expect(normalizeProvince('')).toBeNull();
    expect(normalizeProvince('Ontari')).toBeUndefined();
  });
});
