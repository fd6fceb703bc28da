// Shared setup of the single sign-on tests: a work-account and a customer-identity (ES256) key set on node:http, an
// API that trusts both, one branch, and the calls that make their users, sign their ID tokens and sign in with them.
import { randomUUID } from 'node:crypto';
import type { SsoConfig } from '@/donation-api/auth/sso-config';
import { LoginType } from '@/lib/domain/enums';
import { createTestApi, fixtures, type DbKind, type TestApi } from '../support/api';
import { startJwksIssuer, type JwksIssuer } from '../support/oidc';

export const AAD_CLIENT = 'aad-client-id';
export const B2C_CLIENT = 'b2c-client-id';

export async function ssoWorld(kind: DbKind) {
  const aad = await startJwksIssuer();
  const b2c = await startJwksIssuer({ alg: 'ES256' });
  const sso: SsoConfig = {
    aad: { id: 'aad', loginType: LoginType.AAD, clientId: AAD_CLIENT, wellKnownUrl: aad.wellKnownUrl, tenantId: 'tenant' },
    aadb2c: { id: 'aadb2c', loginType: LoginType.AADB2C, clientId: B2C_CLIENT, wellKnownUrl: b2c.wellKnownUrl },
    workplace: {},
    facebookUser: { showEmptyPage: false },
    clockToleranceSec: 60,
  };
  const api = await createTestApi(kind, { config: { sso } });
  const branchId = (await fixtures.branch(api)).id;
  return { api, aad, b2c, branchId, sso };
}

/** The calls of the tests, on the world the suite's beforeAll made (read when called, not when made). */
export function ssoHelpers(world: () => { api: TestApi; branchId: string }) {
  const aadUser = (over: Parameters<typeof fixtures.user>[1] = {}) =>
    fixtures.user(world().api, { loginType: LoginType.AAD, passwordHash: null, branchIds: [world().branchId], ...over });
  const b2cUser = (over: Parameters<typeof fixtures.user>[1] = {}) =>
    fixtures.user(world().api, { loginType: LoginType.AADB2C, passwordHash: null, branchIds: [world().branchId], ...over });
  const sign = (issuer: JwksIssuer, aud: string, claims: Record<string, unknown>, o: Parameters<JwksIssuer['sign']>[1] = {}) =>
    issuer.sign({ aud, sub: randomUUID(), ...claims }, { now: world().api.clock.now, ...o });
  const ssoLogin = (body: Record<string, unknown>) => world().api.request('POST', '/api/user/login/sso', { body });
  return { aadUser, b2cUser, sign, ssoLogin };
}
