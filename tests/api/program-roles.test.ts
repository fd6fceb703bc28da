// Program roles: granted and withdrawn with the admin services, read with every token check, and the
// scope check the program's calls share.
import { programBranch, requireProgram } from '@/donation-api/auth/program-scope';
import { AdminError, grantProgramRole, revokeProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';

const ACTOR = 'admin-cli:test';

describe.each(dbKinds())('program roles on %s', (kind) => {
  let api: TestApi;
  let ontarioBranch: { id: string };
  let quebecBranch: { id: string };
  beforeAll(async () => {
    api = await createTestApi(kind);
    ontarioBranch = await fixtures.branch(api, { name: 'Ottawa Food Bank', province: 'ON' });
    quebecBranch = await fixtures.branch(api, { name: 'Moisson Montréal', province: 'QC' });
  });
  afterAll(() => api.close());

  it('refuses sign-in to a user with no branch and no program role, and admits program staff without a branch', async () => {
    const nobody = await fixtures.user(api);
    const refused = await api.request('POST', '/api/user/login', { body: { username: nobody.username, password: TEST_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('LOGIN_NO_BRANCH');

    await grantProgramRole(api.db, nobody.username, 'coordinator', ['on', 'QC'], ACTOR);
    const res = await api.request('POST', '/api/user/login', { body: { username: nobody.username, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json.branches).toEqual([]);
    expect(res.json.branchId).toBe('');
    expect(res.json.program).toEqual({ role: 'coordinator', provinces: ['ON', 'QC'] });
  });

  it('shows the role in the current user at once, and withdraws it at once', async () => {
    const staff = await fixtures.user(api, { branchIds: [ontarioBranch.id] });
    const token = await api.login(staff.username, TEST_PASSWORD);
    const before = await api.request('GET', '/api/user/current-user', { token });
    expect(before.json.program).toBeNull();

    await grantProgramRole(api.db, staff.username, 'admin', [], ACTOR);
    const granted = await api.request('GET', '/api/user/current-user', { token });
    expect(granted.json.program).toEqual({ role: 'admin', provinces: [] });

    // Another administrator stays: the last active one cannot be withdrawn (tests/api/last-admin.test.ts).
    await grantProgramRole(api.db, (await fixtures.user(api)).username, 'admin', [], ACTOR);
    expect((await revokeProgramRole(api.db, staff.username, ACTOR)).revoked).toBe(true);
    const after = await api.request('GET', '/api/user/current-user', { token });
    expect(after.json.program).toBeNull();
    expect((await revokeProgramRole(api.db, staff.username, ACTOR)).revoked).toBe(false);
  });

  it('refuses an unknown role, an unknown province, a coordinator without provinces and an admin with some', async () => {
    const u = await fixtures.user(api);
    await expect(grantProgramRole(api.db, u.username, 'owner', [], ACTOR)).rejects.toThrow(AdminError);
    await expect(grantProgramRole(api.db, u.username, 'coordinator', ['ZZ'], ACTOR)).rejects.toThrow(/Unknown province ZZ/);
    await expect(grantProgramRole(api.db, u.username, 'coordinator', [''], ACTOR)).rejects.toThrow(/at least one province/);
    await expect(grantProgramRole(api.db, u.username, 'admin', ['ON'], ACTOR)).rejects.toThrow(/every province/);
    await expect(grantProgramRole(api.db, 'nobody-at-all', 'admin', [], ACTOR)).rejects.toThrow(/No user/);
  });

  it('keeps a coordinator to the branches of its provinces, with the same 404 for anything else', async () => {
    const coordinator = { role: 'coordinator' as const, provinces: ['ON' as const] };
    expect((await programBranch(api.db, coordinator, ontarioBranch.id.toUpperCase())).id).toBe(ontarioBranch.id);
    for (const id of [quebecBranch.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(programBranch(api.db, coordinator, id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const admin = { role: 'admin' as const, provinces: [] };
    expect((await programBranch(api.db, admin, quebecBranch.id)).id).toBe(quebecBranch.id);
  });

  it('answers 404 to branch staff and, where an administrator is needed, to a coordinator', () => {
    const base = {
      id: 'u',
      username: 'u',
      email: 'u@example.org',
      loginType: 1,
      workplace: false,
      locale: 'en',
      tokenId: 't',
      branchIds: [],
      partner: null,
    };
    expect(() => requireProgram({ ...base, program: null })).toThrow(expect.objectContaining({ status: 404 }));
    const coordinator = { ...base, program: { role: 'coordinator' as const, provinces: ['ON' as const] } };
    expect(requireProgram(coordinator).role).toBe('coordinator');
    expect(() => requireProgram(coordinator, 'admin')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
