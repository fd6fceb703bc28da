// The token checks of one server-rendered page are shared by its in-process reads (donation-api/auth/token-memo.ts):
// one lookup per page, never a way around a revoked token for a write, and nothing a caller from outside can use.
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import type { TokenMemo } from '@/donation-api/context';

describe.each(dbKinds())('token checks shared by one page render (%s)', (kind) => {
  let api: TestApi;
  let token: string;
  const get = (path: string, memo?: TokenMemo, t = token) =>
    api.app.request(path, { headers: { authorization: `Bearer ${t}` } }, memo ? { tokenMemo: memo } : undefined);

  beforeAll(async () => {
    api = await createTestApi(kind);
    const branch = await fixtures.branch(api);
    const user = await fixtures.user(api, { branchIds: [branch.id] });
    token = await api.login(user.username, TEST_PASSWORD);
  });
  afterAll(() => api.close());

  it("looks a token up once for all of a render's reads, and each render afresh", async () => {
    const memo: TokenMemo = new Map();
    expect((await get('/api/user/current-user', memo)).status).toBe(200);
    expect((await get('/api/user/session', memo)).status).toBe(204);
    expect(memo.size).toBe(1);
    expect(await memo.get(token)).toMatchObject({ username: expect.any(String) });
    // Signed out in between: the render that already checked finishes, the next one is refused.
    const memoAfter: TokenMemo = new Map();
    const other = await api.login((await memo.get(token))!.username, TEST_PASSWORD);
    expect((await api.request('POST', '/api/user/logout', { token })).status).toBe(204);
    expect((await get('/api/user/session', memo)).status).toBe(204);
    expect((await get('/api/user/session', memoAfter)).status).toBe(401);
    expect((await get('/api/user/session')).status).toBe(401);
    token = other;
  });

  it('never answers a write from the memo: a revoked token is refused at once', async () => {
    const memo: TokenMemo = new Map();
    expect((await get('/api/user/session', memo)).status).toBe(204);
    const other = await api.login((await memo.get(token))!.username, TEST_PASSWORD);
    expect((await api.request('POST', '/api/user/logout', { token })).status).toBe(204);
    const write = await api.app.request(
      '/api/user/logout',
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
      { tokenMemo: memo },
    );
    expect(write.status).toBe(401);
    token = other;
  });

  it('keeps a refused token refused within the render', async () => {
    const memo: TokenMemo = new Map();
    const unknown = 'x'.repeat(43);
    expect((await get('/api/user/session', memo, unknown)).status).toBe(401);
    expect((await get('/api/user/current-user', memo, unknown)).status).toBe(401);
    expect(await memo.get(unknown)).toBeNull();
  });
});
