// Shared setup of the user API tests: an API that locks sign-in after MAX_FAILURES failures, two branches, a clean
// slate of login attempts before each test, and the login call.
import * as s from '@/donation-api/db/schema';
import { createTestApi, fixtures, type DbKind, type TestApi } from '../support/api';

export const MAX_FAILURES = 3;

export async function userWorld(kind: DbKind) {
  const api = await createTestApi(kind, { config: { loginMaxFailures: MAX_FAILURES, loginLockMinutes: 15 } });
  const branchA = await fixtures.branch(api, { name: 'Daily Bread Food Bank' });
  const branchB = await fixtures.branch(api, { name: 'Moisson Montréal' });
  return { api, branchA, branchB };
}

/** Each test starts at the real time, with no failed attempts counted. */
export async function resetLoginState(api: TestApi) {
  api.clock.now = new Date();
  await api.db.delete(s.loginAttempts);
}

/** POST /api/user/login on the API the suite's beforeAll made (read when called, not when made). */
export function userLogin(getApi: () => TestApi) {
  return (username: string, password: string, headers?: Record<string, string>) =>
    getApi().request('POST', '/api/user/login', { body: { username, password }, headers });
}
