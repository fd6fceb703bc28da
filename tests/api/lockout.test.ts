// Nobody who knows a username can keep its owner out. Device cookies (OWASP): a browser that signed in successfully
// before is limited on its own, apart from anonymous attempts.
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';

describe.each(dbKinds())('lockout and device cookies on %s', (kind) => {
  let api: TestApi;
  let branchId: string;
  beforeAll(async () => {
    api = await createTestApi(kind);
    branchId = (await fixtures.branch(api)).id;
  });
  afterAll(() => api.close());
  const login = (username: string, password: string, deviceCookie?: string, address = '203.0.113.20') =>
    api.request('POST', '/api/user/login', { body: { username, password, deviceCookie }, headers: { 'x-forwarded-for': address } });

  it("five wrong passwords from a stranger lock the stranger's address only; the owner's browser signs in there too", async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    const first = await login(u.username, TEST_PASSWORD);
    expect(first.status).toBe(200);
    const device = first.json.deviceCookie as string;
    expect(device).toMatch(/^v1\./);
    for (let i = 0; i < 5; i++) expect((await login(u.username, 'Wrong-2026', undefined, '198.51.100.9')).status).toBe(401);
    // Anonymous attempts from the stranger's address are refused, the right password included.
    expect((await login(u.username, TEST_PASSWORD, undefined, '198.51.100.9')).json.code).toBe('LOGIN_TOO_MANY');
    // A browser that signed in before is counted apart, even at that address.
    const owner = await login(u.username, TEST_PASSWORD, device, '198.51.100.9');
    expect(owner.status).toBe(200);
    expect(owner.json.deviceCookie).not.toBe(device);
  });

  it('a device cookie counts its own failures and locks only itself', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    const device = (await login(u.username, TEST_PASSWORD)).json.deviceCookie as string;
    for (let i = 0; i < 5; i++) expect((await login(u.username, 'Wrong-2026', device)).status).toBe(401);
    expect((await login(u.username, TEST_PASSWORD, device)).json.code).toBe('LOGIN_TOO_MANY');
    // Anonymous attempts were not counted by the device's failures.
    expect((await login(u.username, TEST_PASSWORD, undefined, '198.51.100.120')).status).toBe(200);
  });

  it('a device cookie of another user, edited or made up is anonymous', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    const other = await fixtures.user(api, { branchIds: [branchId] });
    const theirs = (await login(other.username, TEST_PASSWORD)).json.deviceCookie as string;
    const mine = (await login(u.username, TEST_PASSWORD)).json.deviceCookie as string;
    for (let i = 0; i < 5; i++) await login(u.username, 'Wrong-2026', undefined, '198.51.100.77');
    const parts = mine.split('.');
    const edited = [parts[0], Buffer.from(u.username).toString('base64url'), 'AAAAAAAAAAAAAAAAAAAAAA', parts[3], parts[4]].join('.');
    for (const cookie of [theirs, edited, 'v1.x.y.z.w', 'x'.repeat(300)]) {
      expect((await login(u.username, TEST_PASSWORD, cookie, '198.51.100.77')).json.code).toBe('LOGIN_TOO_MANY');
    }
    expect((await login(u.username, TEST_PASSWORD, mine)).status).toBe(200);
  });

  it('forgot-password five times neither locks the owner out nor signs them out', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    const token = await api.login(u.username, TEST_PASSWORD);
    for (let i = 0; i < 5; i++)
      expect((await api.request('POST', '/api/user/forgot-password', { body: { username: u.username } })).status).toBe(200);
    expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(200);
    expect((await login(u.username, TEST_PASSWORD, undefined, '198.51.100.200')).status).toBe(200);
  });
});
