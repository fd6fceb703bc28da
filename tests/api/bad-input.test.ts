// Bad input gets a clear 4xx in the API's error shape, never a 5xx: half of a UTF-16 surrogate pair in any JSON
// string, a percent-encoding that is not UTF-8 in the path or query, and a web site that is not an http(s) link.
import pino from 'pino';
import { Writable } from 'node:stream';
import { createDonationApi } from '@/donation-api/app';
import { updateBranchBodySchema } from '@/lib/domain/branch';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { donationWorld, submit, type World } from './donation-setup';

const BRANCH_FIELDS = updateBranchBodySchema.shape;

describe.each(dbKinds())('bad input on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  describe('half of a surrogate pair', () => {
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into it.
    it.each([
      ['POST', '/api/branch/submit', 'comments', () => ({ branchId: w.branch.id, year: 2026, month: 5, comments: 'x\ud800' })],
      ['PUT', '/api/branch/{branch}', 'name', () => ({ name: 'Food\udc00Bank' })],
      ['POST', '/api/user/login', 'username', () => ({ username: 'ad\ud83dmin', password: 'x' })],
      ['POST', '/api/branch/{branch}/2026/5/reopen-request', 'reason', () => ({ reason: 'typo \udfff' })],
      [
        'POST',
        '/api/branch/{branch}/donations',
        'categories.0.categoryName',
        () => ({
          date: '2026-06-01',
          storeId: w.store.id,
          source: 0,
          weight: 1,
          weightUnit: 1,
          categories: [{ categoryId: 1, categoryName: '\ud800', fraction: 1 }],
        }),
      ],
    ])('%s %s is 400 BROKEN_CHARACTER naming %s', async (method, path, field, body) => {
      const res = await api.request(method, path.replace('{branch}', w.branch.id), { token: w.token, body: body() });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'BROKEN_CHARACTER', field });
      expect(res.json.message).toContain(field);
    });

    it('a whole pair (an emoji) is ordinary text', async () => {
      const res = await submit(api, w, 2026, 3, 'Merci 🍎');
      expect(res.status).toBe(200);
    });
  });

  describe('malformed percent-encoding', () => {
    it.each([
      ['GET', '/api/health/%FF'],
      ['GET', '/api/donation/%E0%A4%A'],
      ['GET', '/api/branch/%ED%A0%80/donations'],
      ['DELETE', '/api/donation/%'],
      ['GET', '/api/donation/paged?branchId=%FF'],
      ['POST', '/api/user/login?x=%G1'],
    ])('%s %s is 400 MALFORMED_URL with a request id', async (method, path) => {
      const res = await api.request(method, path, { token: w.token });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'MALFORMED_URL', message: expect.stringContaining('percent-encoding') });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    });

    it('is logged with its request id and status', async () => {
      const lines: Record<string, unknown>[] = [];
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      });
      const logged = createDonationApi({
        db: api.db,
        config: api.config,
        mailer: { send: async () => undefined } as never,
        log: pino(sink),
        now: () => api.clock.now,
      });
      const res = await logged.request('/api/health/%FF', { headers: { 'x-request-id': 'bad-escape-1' } });
      expect(res.status).toBe(400);
      expect(lines).toContainEqual(expect.objectContaining({ requestId: 'bad-escape-1', status: 400, path: '/api/health/%FF' }));
    });
  });

  describe('branch web site', () => {
    // The whole form, as the organisation screen sends it: the required fields are checked on every save.
    const put = async (website: string) => {
      const branch = (await api.request('GET', `/api/branch/${w.branch.id}`, { token: w.token })).json;
      const body = Object.fromEntries(Object.entries({ ...branch, website }).filter(([k]) => k in BRANCH_FIELDS));
      return api.request('PUT', `/api/branch/${w.branch.id}`, { token: w.token, body });
    };
    it.each([
      'javascript:alert(1)',
      'JavaScript://example.org/%0Aalert(1)',
      'data:text/html,<script>x</script>',
      'ftp://example.org',
      'example.org',
      'https://',
    ])('refuses %s', async (website) => {
      const res = await put(website);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        code: 'ORG_WEBSITE_VALIDATE',
        message: 'Please enter a web address starting with http:// or https://',
        field: 'website',
      });
    });
    it.each(['https://foodbank.example.org/about', 'http://example.org', ''])('accepts %j', async (website) => {
      expect((await put(website)).status).toBe(200);
    });
  });
});

describe.each(dbKinds())('texts over their limit on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());

  it('a 330-character store name in "My store is not in the list" names the field and the limit', async () => {
    const body = { retailer: 'Loblaw', name: 'x'.repeat(330) };
    const res = await api.request('POST', `/api/branch/${w.branch.id}/store-requests`, { token: w.token, body });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'FIELD_TOO_LONG', message: 'Store name: at most 200 characters.', field: 'name' });
    const address = await api.request('POST', `/api/branch/${w.branch.id}/store-requests`, {
      token: w.token,
      body: { retailer: 'Loblaw', name: 'Queen St', address: 'y'.repeat(301) },
    });
    expect(address.json).toEqual({ code: 'FIELD_TOO_LONG', message: 'Address: at most 300 characters.', field: 'address' });
  });

  it('a field without a label of its own is named by its path', async () => {
    const res = await submit(api, w, 2026, 3, 'x'.repeat(2001));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'FIELD_TOO_LONG', message: 'comments: at most 2,000 characters.', field: 'comments' });
  });
});
