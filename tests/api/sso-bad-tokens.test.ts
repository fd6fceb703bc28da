// Single sign-on refuses every bad ID token with the same 401, never a 500: forged, tampered, expired, wrong audience or
// issuer, alg none, algorithm confusion, a nonce mismatch and garbage, all crafted with a key set on node:http.
import { createPublicKey, randomUUID } from 'node:crypto';
import { dbKinds, type TestApi } from '../support/api';
import { startJwksIssuer, type JwksIssuer } from '../support/oidc';
import { AAD_CLIENT, ssoHelpers, ssoWorld } from './sso-setup';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe.each(dbKinds())('single sign-on on %s', (kind) => {
  let api: TestApi;
  let aad: JwksIssuer;
  let b2c: JwksIssuer;
  let branchId: string;

  beforeAll(async () => {
    ({ api, aad, b2c, branchId } = await ssoWorld(kind));
  });
  afterAll(async () => {
    await api.close();
    await aad.close();
    await b2c.close();
  });

  const { aadUser, ssoLogin } = ssoHelpers(() => ({ api, branchId }));

  afterEach(() => {
    api.clock.now = new Date();
  });

  describe('refuses bad tokens with 401, never 500', () => {
    let email: string;
    const oid = randomUUID();
    beforeAll(async () => {
      email = (await aadUser({ email: `good-${randomUUID()}@example.org`, objectId: oid })).email;
    });
    const sign = (issuer: JwksIssuer, aud: string, claims: Record<string, unknown>, o: Parameters<JwksIssuer['sign']>[1] = {}) =>
      issuer.sign({ aud, sub: oid, ...claims }, { now: api.clock.now, ...o });
    const expect401 = async (token: string, extra: Record<string, unknown> = {}) => {
      const res = await ssoLogin({ token, ...extra });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        code: 'SSO_AUTHENTICATE_AGAIN',
        message: 'You have to authenticate again. Please follow the instruction below.',
      });
    };

    it('accepts the control token', async () => {
      expect((await ssoLogin({ token: await sign(aad, AAD_CLIENT, { email }) })).status).toBe(200);
    });
    it('forged signature: another key under the same kid', async () => {
      const other = await startJwksIssuer();
      await expect401(await sign(aad, AAD_CLIENT, { email }, { key: other.key.privateKey }));
      await other.close();
    });
    it('tampered payload', async () => {
      const [h, , s] = (await sign(aad, AAD_CLIENT, { email: 'someone@example.org' })).split('.');
      await expect401(`${h}.${b64({ iss: aad.issuer, aud: AAD_CLIENT, sub: 'x', email, iat: 1, exp: 4102444800 })}.${s}`);
    });
    it('expired, beyond the clock tolerance', async () => {
      const token = await sign(aad, AAD_CLIENT, { email }, { expiresInSec: 300 });
      api.clock.now = new Date(api.clock.now.getTime() + 10 * 60_000);
      await expect401(token);
    });
    it('expired by less than the tolerance still passes', async () => {
      const token = await sign(aad, AAD_CLIENT, { email }, { expiresInSec: 300 });
      api.clock.now = new Date(api.clock.now.getTime() + 330_000);
      expect((await ssoLogin({ token })).status).toBe(200);
    });
    it('without exp', async () => {
      await expect401(await sign(aad, AAD_CLIENT, { email }, { omit: ['exp'] }));
    });
    it('wrong audience', async () => {
      await expect401(await sign(aad, 'someone-elses-app', { email }));
      await expect401(await sign(aad, AAD_CLIENT, { email, aud: ['someone-elses-app', AAD_CLIENT], azp: 'someone-elses-app' }));
    });
    it('wrong issuer', async () => {
      await expect401(await sign(aad, AAD_CLIENT, { email, iss: 'https://login.microsoftonline.com/evil/v2.0' }));
    });
    it('alg none', async () => {
      const payload = {
        iss: aad.issuer,
        aud: AAD_CLIENT,
        sub: 'x',
        email,
        iat: Math.floor(api.clock.now.getTime() / 1000),
        exp: Math.floor(api.clock.now.getTime() / 1000) + 600,
      };
      await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`);
      await expect401(`${b64({ alg: 'none', typ: 'JWT', kid: aad.key.kid })}.${b64(payload)}.`);
    });
    it('HS256 keyed with the public key (algorithm confusion)', async () => {
      const pem = createPublicKey({ key: aad.key.publicJwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
      await expect401(await sign(aad, AAD_CLIENT, { email }, { header: { alg: 'HS256' }, key: new Uint8Array(Buffer.from(pem)) }));
      const n = Buffer.from(aad.key.publicJwk.n!, 'base64url');
      await expect401(await sign(aad, AAD_CLIENT, { email }, { header: { alg: 'HS256' }, key: new Uint8Array(n) }));
    });
    it('nonce mismatch (and a matching nonce passes)', async () => {
      const token = await sign(aad, AAD_CLIENT, { email, nonce: 'n-123' });
      await expect401(token, { nonce: 'n-999' });
      expect((await ssoLogin({ token, nonce: 'n-123' })).status).toBe(200);
    });
    it('garbage', async () => {
      for (const token of ['x', 'a.b.c', '....', `${b64({ alg: 'RS256' })}.${b64([])}.AAAA`, 'eyJ'.repeat(1000)]) await expect401(token);
      expect((await ssoLogin({ token: 'x'.repeat(20000) })).status).toBe(400);
      expect((await ssoLogin({})).status).toBe(400);
      expect((await api.request('POST', '/api/user/login/sso', { rawBody: '{"token":' })).status).toBe(400);
    });
  });
});
