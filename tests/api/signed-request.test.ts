// The embedded chat view's signed request: the pure verifier, then POST /api/user/login/facebook with 10,000
// mutated signed requests.
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signSignedRequest, verifySignedRequest } from '@/donation-api/sign-in/signed-request';
import type { SsoConfig } from '@/donation-api/auth/sso-config';
import { users } from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';

const SECRET = 'rfp-app-secret-for-tests';
const NOW = new Date('2026-03-10T15:00:00Z');
const nowSec = Math.floor(NOW.getTime() / 1000);
const good = (over: Record<string, unknown> = {}) => ({
  algorithm: 'HMAC-SHA256',
  issued_at: nowSec - 10,
  psid: '100042',
  tid: 't_555',
  thread_type: 'USER_TO_PAGE',
  ...over,
});
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

describe('verifySignedRequest', () => {
  it('accepts a fresh request signed with the secret and names the chat identity', () => {
    const r = verifySignedRequest(signSignedRequest(good(), SECRET), SECRET, { now: NOW, contextId: 't_555' });
    expect(r).toMatchObject({ ok: true, identity: '100042' });
  });
  it('falls back to user_id (a number is read as its digits)', () => {
    const r = verifySignedRequest(signSignedRequest(good({ psid: undefined, user_id: 987654321 }), SECRET), SECRET, { now: NOW });
    expect(r).toMatchObject({ ok: true, identity: '987654321' });
  });
  it('refuses the wrong secret', () => {
    expect(verifySignedRequest(signSignedRequest(good(), 'another-secret'), SECRET, { now: NOW })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });
  it('refuses an empty secret even for a request signed with one', () => {
    expect(verifySignedRequest(signSignedRequest(good(), ''), '', { now: NOW }).ok).toBe(false);
  });
  it('refuses any algorithm but exactly HMAC-SHA256, even correctly signed', () => {
    for (const algorithm of ['hmac-sha256', 'HMAC-SHA1', 'none', '', undefined, ['HMAC-SHA256'], 'HMAC-SHA256 ']) {
      expect(verifySignedRequest(signSignedRequest(good({ algorithm }), SECRET), SECRET, { now: NOW })).toEqual({
        ok: false,
        reason: 'bad_algorithm',
      });
    }
  });
  it('refuses a request older than 5 minutes or from the future beyond the skew', () => {
    expect(verifySignedRequest(signSignedRequest(good({ issued_at: nowSec - 301 }), SECRET), SECRET, { now: NOW })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifySignedRequest(signSignedRequest(good({ issued_at: nowSec - 299 }), SECRET), SECRET, { now: NOW }).ok).toBe(true);
    expect(verifySignedRequest(signSignedRequest(good({ issued_at: nowSec + 61 }), SECRET), SECRET, { now: NOW })).toEqual({
      ok: false,
      reason: 'issued_in_future',
    });
    expect(verifySignedRequest(signSignedRequest(good({ issued_at: nowSec + 30 }), SECRET), SECRET, { now: NOW }).ok).toBe(true);
    for (const issued_at of ['1700000000', null, 1.5, -1, 0, Number.MAX_VALUE, undefined]) {
      expect(verifySignedRequest(signSignedRequest(good({ issued_at }), SECRET), SECRET, { now: NOW })).toEqual({
        ok: false,
        reason: 'bad_payload',
      });
    }
  });
  it('refuses a request for another thread than the context id sent with it', () => {
    expect(verifySignedRequest(signSignedRequest(good(), SECRET), SECRET, { now: NOW, contextId: 't_other' })).toEqual({
      ok: false,
      reason: 'context_mismatch',
    });
  });
  it('refuses a payload without a usable identity', () => {
    for (const psid of [undefined, '', 'a b', 'x'.repeat(200), { id: 1 }, "1' or '1'='1"]) {
      expect(verifySignedRequest(signSignedRequest(good({ psid, user_id: undefined }), SECRET), SECRET, { now: NOW })).toEqual({
        ok: false,
        reason: 'no_identity',
      });
    }
  });
  it('refuses malformed envelopes and non-object payloads', () => {
    const sigOf = (payload: string) => createHmac('sha256', SECRET).update(payload).digest('base64url');
    for (const s of [
      '',
      '.',
      'abc',
      'a.b.c',
      `${'x'.repeat(9000)}.y`,
      'ab+/.cd',
      `${sigOf('e30')}.e30.`,
      42 as unknown as string,
      null as unknown as string,
    ]) {
      expect(verifySignedRequest(s, SECRET, { now: NOW }).ok).toBe(false);
    }
    for (const body of ['[]', '"x"', '1', 'null', '{', 'not json']) {
      const encoded = b64(body);
      expect(verifySignedRequest(`${sigOf(encoded)}.${encoded}`, SECRET, { now: NOW })).toEqual({ ok: false, reason: 'bad_payload' });
    }
  });
  it('accepts padded base64url from clients that pad, and refuses non-canonical spellings', () => {
    const [sig, payload] = signSignedRequest(good(), SECRET).split('.');
    expect(verifySignedRequest(`${sig}=.${payload}`, SECRET, { now: NOW }).ok).toBe(true);
    // 32 bytes end in a character carrying 4 bits: its 2 unused bits set give the same bytes.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const i = last.indexOf(sig!.at(-1)!);
    const sloppy = sig!.slice(0, -1) + last[i ^ 1];
    expect(Buffer.from(sloppy, 'base64url').equals(Buffer.from(sig!, 'base64url'))).toBe(true);
    expect(verifySignedRequest(`${sloppy}.${payload}`, SECRET, { now: NOW })).toEqual({ ok: false, reason: 'malformed' });
  });
});

/** One random corruption of a valid signed request. */
function mutate(valid: string): string {
  const [sig, payload] = valid.split('.');
  switch (randomInt(10)) {
    case 0: {
      // flip one bit anywhere
      const buf = Buffer.from(valid);
      const i = randomInt(buf.length);
      buf[i]! ^= 1 << randomInt(7);
      return buf.toString('latin1');
    }
    case 1:
      return valid.slice(0, randomInt(valid.length)); // truncated
    case 2:
      return `${randomBytes(randomInt(1, 64)).toString('base64url')}.${payload}`; // random signature
    case 3:
      return `${sig}.${randomBytes(randomInt(1, 400)).toString('base64url')}`; // junk payload
    case 4:
      return `${sig}.${b64(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), psid: String(randomInt(1e9)) }))}`; // edited payload
    case 5:
      return `${sig}${'='.repeat(randomInt(1, 4))}.${payload}${'!@#$%^&*'[randomInt(8)]}`; // junk characters
    case 6:
      return `${sig}.${payload}.${sig}`; // extra part
    case 7:
      return `${sig}.${b64(JSON.stringify(good({ psid: 'x'.repeat(randomInt(1, 3000)), junk: 'y'.repeat(randomInt(0, 3000)) })))}`; // huge, unsigned
    case 8: {
      // right signature over the wrong algorithm's payload, signed with a near-miss secret
      return signSignedRequest(good({ psid: String(randomInt(1e9)) }), SECRET + String.fromCharCode(randomInt(32, 127)));
    }
    default:
      return randomBytes(randomInt(1, 200)).toString(['base64', 'hex', 'latin1', 'utf8'][randomInt(4)] as BufferEncoding);
  }
}

describe('verifySignedRequest under 10,000 mutations', () => {
  it('refuses every mutated request and never throws', () => {
    const valid = signSignedRequest(good(), SECRET);
    let refused = 0;
    for (let i = 0; i < 10_000; i++) {
      const m = mutate(valid);
      if (m === valid) continue;
      // Every other string, including non-canonical spellings of the same bytes, is refused.
      if (!verifySignedRequest(m, SECRET, { now: NOW }).ok) refused++;
      else throw new Error(`accepted a mutation: ${m}`);
    }
    expect(refused).toBeGreaterThan(9_900);
  });
});

describe.each(dbKinds())('POST /api/user/login/facebook on %s', (kind) => {
  let api: TestApi;
  let branchId: string;
  const sso: SsoConfig = {
    workplace: { rfp: { appId: '111', appSecret: SECRET }, info: { appId: '222', appSecret: 'info-app-secret' } },
    facebookUser: { showEmptyPage: false },
    clockToleranceSec: 60,
  };
  beforeAll(async () => {
    api = await createTestApi(kind, { config: { sso } });
    api.clock.now = NOW;
    branchId = (await fixtures.branch(api)).id;
  });
  afterAll(() => api.close());

  const login = (body: Record<string, unknown>) => api.request('POST', '/api/user/login/facebook', { body });

  it('signs in the user linked to the chat identity, with the embedded layout and the bot source', async () => {
    const u = await fixtures.user(api, { workplaceId: 'wp-1', branchIds: [branchId] });
    const res = await login({ username: 't_1', password: signSignedRequest(good({ psid: 'wp-1', tid: 't_1' }), SECRET), botSource: 'rfp' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: u.id, workplace: true, branchId });
    // The info variant is verified with its own secret.
    const info = await login({
      username: 't_1',
      password: signSignedRequest(good({ psid: 'wp-1', tid: 't_1' }), 'info-app-secret'),
      botSource: 'info',
    });
    expect(info.status).toBe(200);
    const wrongVariant = await login({
      username: 't_1',
      password: signSignedRequest(good({ psid: 'wp-1', tid: 't_1' }), SECRET),
      botSource: 'info',
    });
    expect(wrongVariant.status).toBe(401);
  });

  it('answers an unlinked but valid identity with 403 and a link state for the e-mail code', async () => {
    const res = await login({
      username: 't_2',
      password: signSignedRequest(good({ psid: 'wp-unlinked', tid: 't_2' }), SECRET),
      botSource: 'rfp',
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('EMBEDDED_NOT_LINKED');
    expect(typeof res.json.linkState).toBe('string');
  });

  it('refuses invalid, old, wrongly signed and wrong-algorithm requests with 401 SSO_AUTHENTICATE_AGAIN', async () => {
    await fixtures.user(api, { workplaceId: 'wp-3', branchIds: [branchId] });
    for (const password of [
      signSignedRequest(good({ psid: 'wp-3' }), 'wrong-secret'),
      signSignedRequest(good({ psid: 'wp-3', issued_at: nowSec - 600 }), SECRET),
      signSignedRequest(good({ psid: 'wp-3', algorithm: 'HMAC-SHA1' }), SECRET),
      signSignedRequest(good({ psid: 'wp-3', tid: 'other-thread' }), SECRET),
      'not-a-signed-request',
    ]) {
      const res = await login({ username: 't_555', password, botSource: 'rfp' });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        code: 'SSO_AUTHENTICATE_AGAIN',
        message: 'You have to authenticate again. Please follow the instruction below.',
      });
    }
  });

  it('refuses a linked user without a branch and a disabled one', async () => {
    await fixtures.user(api, { workplaceId: 'wp-nobranch' });
    let res = await login({ password: signSignedRequest(good({ psid: 'wp-nobranch', tid: undefined }), SECRET), botSource: 'rfp' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('LOGIN_NO_BRANCH');
    await fixtures.user(api, { workplaceId: 'wp-disabled', disabled: true, branchIds: [branchId] });
    res = await login({ password: signSignedRequest(good({ psid: 'wp-disabled', tid: undefined }), SECRET), botSource: 'rfp' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('EMBEDDED_NOT_LINKED');
  });

  it('is switched off where the variant is not configured (404), and validates the body (400)', async () => {
    const off = await createTestApi('pglite', { config: { sso: { ...sso, workplace: { rfp: sso.workplace.rfp } } } });
    try {
      const res = await off.request('POST', '/api/user/login/facebook', {
        body: { username: 't', password: signSignedRequest(good(), 'info-app-secret'), botSource: 'info' },
      });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('EMBEDDED_MODE_DISABLED');
    } finally {
      await off.close();
    }
    expect((await login({ password: 'x', botSource: 'whatsapp' })).status).toBe(400);
    expect((await login({ botSource: 'rfp' })).status).toBe(400);
  });

  it('refuses 10,000 randomly mutated signed requests, never with a 500', async () => {
    const u = await fixtures.user(api, { workplaceId: '100042', branchIds: [branchId] });
    const valid = signSignedRequest(good(), SECRET);
    expect((await login({ username: 't_555', password: valid, botSource: 'rfp' })).status).toBe(200);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const password = mutate(valid);
      if (password === valid) continue;
      const res = await api.app.request('/api/user/login/facebook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 't_555', password, botSource: 'rfp' }),
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    // All refused: 401 for a bad signed request, 400 for one the body schema rejects (empty, too long).
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([401]));
    for (const status of statuses.keys()) expect([400, 401]).toContain(status);
    const [row] = await api.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.workplaceId).toBe('100042');
  }, 120_000);
});
