// The program keeps an active administrator: two administrators demoting (or deactivating) each other at the same
// moment cannot both succeed, on PGlite and on PostgreSQL (the admins' rows are locked in the changing transaction).
import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole, revokeProgramRole, setUserDisabled } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

describe.each(dbKinds())('the last program administrator on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { poolSize: 6 });
  });
  afterAll(async () => {
    await api.close();
  });

  async function twoAdmins() {
    const a = await fixtures.user(api);
    const b = await fixtures.user(api);
    // Only these two are administrators in each case: the earlier cases' are demoted first.
    await api.db.delete(s.programRoles).where(eq(s.programRoles.role, 'admin'));
    await grantProgramRole(api.db, a.username, 'admin', [], 'test');
    await grantProgramRole(api.db, b.username, 'admin', [], 'test');
    return { a, b, tokenA: await fixtures.token(api, a.id), tokenB: await fixtures.token(api, b.id) };
  }
  /**
   * One change wins and the other is refused. Which refusal depends on when the loser's request read its author: still
   * an administrator, it waits on the winner's lock and then meets the last-administrator rule (400 ADMIN_LAST_ADMIN);
   * read after the winner committed, its author is no longer an administrator (404, as any program route out of scope)
   * or no longer active (401). Each is a refusal; the count of administrators below is the rule itself.
   */
  function oneWinsOneRefused(answers: { status: number; json: { code?: string } }[], lateRefusal: 401 | 404) {
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.find((r) => r.status !== 200)!;
    expect([400, lateRefusal]).toContain(refused.status);
    if (refused.status === 400) expect(refused.json.code).toBe('ADMIN_LAST_ADMIN');
  }
  const activeAdmins = async () =>
    (
      await api.db
        .select({ role: s.programRoles.role, disabled: s.users.disabled })
        .from(s.programRoles)
        .innerJoin(s.users, eq(s.users.id, s.programRoles.userId))
    ).filter((r) => r.role === 'admin' && !r.disabled).length;

  it('lets one of two administrators demoting each other at once succeed, and refuses the other', async () => {
    const { a, b, tokenA, tokenB } = await twoAdmins();
    const demote = (userId: string, token: string) =>
      api.request('PUT', `/api/program/users/${userId}/role`, {
        token,
        body: { role: 'coordinator', provinces: ['ON'], reason: 'rotation' },
      });
    const answers = await Promise.all([demote(b.id, tokenA), demote(a.id, tokenB)]);
    oneWinsOneRefused(answers, 404);
    expect(await activeAdmins()).toBe(1);
  });

  it('lets one of two administrators deactivating each other at once succeed, and refuses the other', async () => {
    const { a, b, tokenA, tokenB } = await twoAdmins();
    const off = (userId: string, token: string) =>
      api.request('PUT', `/api/program/users/${userId}/status`, { token, body: { disabled: true, reason: 'left' } });
    const answers = await Promise.all([off(b.id, tokenA), off(a.id, tokenB)]);
    oneWinsOneRefused(answers, 401);
    expect(await activeAdmins()).toBe(1);
  });

  it('refuses the command line to remove the last administrator, by role or by deactivation, also when raced', async () => {
    const { a, b } = await twoAdmins();
    const results = await Promise.allSettled([
      revokeProgramRole(api.db, a.username, 'cli'),
      setUserDisabled(api.db, b.username, true, 'cli', new Date()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await activeAdmins()).toBe(1);
    const [last] = await api.db
      .select({ username: s.users.username })
      .from(s.programRoles)
      .innerJoin(s.users, eq(s.users.id, s.programRoles.userId))
      .where(and(eq(s.users.disabled, false), eq(s.programRoles.role, 'admin')));
    await expect(grantProgramRole(api.db, last!.username, 'coordinator', ['ON'], 'cli')).rejects.toMatchObject({
      code: 'ADMIN_LAST_ADMIN',
    });
    await expect(setUserDisabled(api.db, last!.username, true, 'cli', new Date())).rejects.toMatchObject({ code: 'ADMIN_LAST_ADMIN' });
    expect(await activeAdmins()).toBe(1);
  });
});
