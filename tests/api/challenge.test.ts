// The one-time e-mail code (POST /api/user/login/challenge and /challenge/check): a chat identity that no account
// is linked to proves an account by a code mailed through a real local SMTP peer.
import { count, eq } from 'drizzle-orm';
import type { SsoConfig } from '@/donation-api/auth/sso-config';
import { signSignedRequest } from '@/donation-api/sign-in/signed-request';
import { signLinkState } from '@/donation-api/sign-in/link-state';
import { loginChallenges, sentMail, users } from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const SECRET = 'challenge-test-secret';
const sso: SsoConfig = {
  workplace: { rfp: { appId: '111', appSecret: SECRET }, info: { appId: '222', appSecret: 'info-secret' } },
  facebookUser: { showEmptyPage: false },
  clockToleranceSec: 60,
};

describe.each(dbKinds())('e-mail code challenge on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let branchId: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { sso, smtpUrl: smtp.url } });
    branchId = (await fixtures.branch(api)).id;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(() => {
    api.clock.now = new Date();
  });

  /** A visitor of the embedded view whose chat identity maps to nobody: the link state the API hands out. */
  async function unlinkedVisitor(psid: string, botSource: 'rfp' | 'info' = 'rfp') {
    const issued_at = Math.floor(api.clock.now.getTime() / 1000);
    const res = await api.request('POST', '/api/user/login/facebook', {
      body: {
        username: `t_${psid}`,
        password: signSignedRequest(
          { algorithm: 'HMAC-SHA256', issued_at, psid, tid: `t_${psid}` },
          botSource === 'rfp' ? SECRET : 'info-secret',
        ),
        botSource,
      },
    });
    expect(res.status).toBe(403);
    return res.json.linkState as string;
  }
  const ask = (linkState: string | undefined, username: string) =>
    api.request('POST', `/api/user/login/challenge?username=${encodeURIComponent(username)}`, { token: linkState });
  const check = (linkState: string | undefined, code: string, botSource = 'rfp') =>
    api.request('POST', `/api/user/login/challenge/check?botSource=${botSource}&code=${encodeURIComponent(code)}`, { token: linkState });
  async function mailedCode(to: string, n: number) {
    const mails = await smtp.waitFor(n);
    const mail = mails[n - 1];
    expect(mail!.to).toEqual([to]);
    const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
    expect(code).toBeDefined();
    return { code: code!, mail };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a code in English and French; the right code links the chat identity and signs in, once', async () => {
    const u = await fixtures.user(api, { username: 'linkme', email: 'linkme@example.org', branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-1');
    const before = smtp.messages.length;
    expect((await ask(state, 'LinkMe')).status).toBe(204);
    const { code, mail } = await mailedCode('linkme@example.org', before + 1);
    expect(mail!.text).toContain('sign-in code');
    expect(mail!.text).toContain('code de connexion');
    expect(mail!.text).toContain('10 minutes');

    // The stored code is a hash, never the code.
    const [row] = await api.db.select().from(loginChallenges).where(eq(loginChallenges.userId, u.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.subject).toBe('psid-1');

    expect((await check(state, wrong(code))).status).toBe(204);
    const res = await check(state, code);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: u.id, workplace: true, branchId });
    expect((await api.request('GET', '/api/category', { token: res.json.token })).status).toBe(200);
    const [linked] = await api.db.select().from(users).where(eq(users.id, u.id));
    expect(linked!.workplaceId).toBe('psid-1');

    // Single use.
    expect((await check(state, code)).status).toBe(204);
    // From now on the chat identity signs in directly.
    const issued_at = Math.floor(api.clock.now.getTime() / 1000);
    const again = await api.request('POST', '/api/user/login/facebook', {
      body: {
        username: 't_psid-1',
        password: signSignedRequest({ algorithm: 'HMAC-SHA256', issued_at, psid: 'psid-1', tid: 't_psid-1' }, SECRET),
        botSource: 'rfp',
      },
    });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(u.id);
  });

  it('lets a code expire after 10 minutes', async () => {
    await fixtures.user(api, { username: 'slow', email: 'slow@example.org', branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-2');
    const before = smtp.messages.length;
    expect((await ask(state, 'slow')).status).toBe(204);
    const { code } = await mailedCode('slow@example.org', before + 1);
    api.clock.now = new Date(api.clock.now.getTime() + 10 * 60_000 + 1000);
    expect((await check(state, code)).status).toBe(204);
  });

  it('locks after 5 wrong tries: the right code then does nothing', async () => {
    await fixtures.user(api, { username: 'guessed', email: 'guessed@example.org', branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-3');
    const before = smtp.messages.length;
    expect((await ask(state, 'guessed')).status).toBe(204);
    const { code } = await mailedCode('guessed@example.org', before + 1);
    for (let i = 0; i < 5; i++) expect((await check(state, i === 0 ? 'abc' : wrong(code))).status).toBe(204);
    expect((await check(state, code)).status).toBe(204);
    // A new code works again.
    expect((await ask(state, 'guessed')).status).toBe(204);
    const { code: second } = await mailedCode('guessed@example.org', before + 2);
    expect((await check(state, second)).status).toBe(200);
  });

  it('replaces the earlier code when asked again', async () => {
    await fixtures.user(api, { username: 'twice', email: 'twice@example.org', branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-4');
    const before = smtp.messages.length;
    await ask(state, 'twice');
    const { code: first } = await mailedCode('twice@example.org', before + 1);
    await ask(state, 'twice');
    const { code: second } = await mailedCode('twice@example.org', before + 2);
    if (first !== second) expect((await check(state, first)).status).toBe(204);
    expect((await check(state, second)).status).toBe(200);
  });

  it('needs the link state of a verified chat identity, as the bearer or (first call) the code parameter', async () => {
    await fixtures.user(api, { username: 'guarded', email: 'guarded@example.org', branchIds: [branchId] });
    expect((await ask(undefined, 'guarded')).status).toBe(401);
    expect((await ask('forged.link.state', 'guarded')).status).toBe(401);
    expect((await check(undefined, '123456')).status).toBe(401);
    // A link state signed with another secret, or expired, is refused.
    const foreign = await signLinkState(
      { ...sso, workplace: { rfp: { appId: '1', appSecret: 'not-ours' } } },
      { subject: 'psid-x', botSource: 'rfp' },
      api.clock.now,
    );
    expect((await ask(foreign, 'guarded')).status).toBe(401);
    const stale = await signLinkState(sso, { subject: 'psid-x', botSource: 'rfp' }, new Date(api.clock.now.getTime() - 16 * 60_000));
    expect((await ask(stale, 'guarded')).status).toBe(401);
    // An API token is not a link state.
    const apiToken = await fixtures.token(api, (await fixtures.user(api, { branchIds: [branchId] })).id);
    expect((await ask(apiToken, 'guarded')).status).toBe(401);

    const state = await unlinkedVisitor('psid-5');
    const before = smtp.messages.length;
    const res = await api.request('POST', `/api/user/login/challenge?username=guarded&code=${encodeURIComponent(state)}`);
    expect(res.status).toBe(204);
    await mailedCode('guarded@example.org', before + 1);
  });

  it('does not reveal whether an account exists: unknown and disabled accounts get 204 and no mail', async () => {
    await fixtures.user(api, { username: 'gone', email: 'gone@example.org', disabled: true, branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-6');
    const { n: mailsBefore } = (await api.db.select({ n: count() }).from(sentMail))[0]!;
    expect((await ask(state, 'no-such-user')).status).toBe(204);
    expect((await ask(state, 'gone')).status).toBe(204);
    const { n: mailsAfter } = (await api.db.select({ n: count() }).from(sentMail))[0]!;
    expect(Number(mailsAfter)).toBe(Number(mailsBefore));
  });

  it('limits codes to 5 an hour per chat identity', async () => {
    await fixtures.user(api, { username: 'spammed', email: 'spammed@example.org', branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-7');
    const before = smtp.messages.length;
    for (let i = 0; i < 5; i++) expect((await ask(state, 'spammed')).status).toBe(204);
    await smtp.waitFor(before + 5);
    const res = await ask(state, 'spammed');
    expect(res.status).toBe(429);
    expect(res.json.code).toBe('CHALLENGE_TOO_MANY');
  });

  it('moves the chat identity from a previous holder to the proven account', async () => {
    const previous = await fixtures.user(api, { workplaceId: 'psid-8-old', branchIds: [branchId] });
    await api.db.update(users).set({ workplaceId: 'psid-8' }).where(eq(users.id, previous.id));
    await api.db.update(users).set({ disabled: true }).where(eq(users.id, previous.id));
    const u = await fixtures.user(api, { username: 'newowner', email: 'newowner@example.org', branchIds: [branchId] });
    const state = await unlinkedVisitor('psid-8');
    const before = smtp.messages.length;
    await ask(state, 'newowner@example.org'); // by e-mail too
    const { code } = await mailedCode('newowner@example.org', before + 1);
    const res = await check(state, code, 'info');
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(u.id);
    const [old] = await api.db.select().from(users).where(eq(users.id, previous.id));
    expect(old!.workplaceId).toBeNull();
  });

  it('validates the query (400) and never answers 500 to odd codes', async () => {
    const state = await unlinkedVisitor('psid-9');
    expect((await api.request('POST', '/api/user/login/challenge', { token: state })).status).toBe(400);
    expect((await check(state, '123456', 'evil')).status).toBe(400);
    for (const code of ['', ' ', '1'.repeat(64), "' or 1=1 --", '１２３４５６', '-12345']) {
      expect((await check(state, code)).status).toBe(204);
    }
  });
});
