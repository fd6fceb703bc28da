// Forgotten password (docs/product.md, Forgotten password; docs/decisions/0023-forgot-password-link.md): the request
// mails a single-use link that expires, never a password, through a real SMTP peer; and it answers exactly the same
// for a known, an unknown, a single sign-on, a disabled and an address-less username, so it tells nobody which
// usernames exist. It used to mail a new password in clear, and answered 404, 401 or 400 by case.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { RESET_TTL_HOURS } from '@/donation-api/people-places/invitations';
import { LoginType } from '@/lib/domain/enums';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const ANSWER = {
  message:
    'If this username belongs to an account that signs in with a password, a link to choose a new password has been sent to its email address.',
};

describe.each(dbKinds())('forgot-password on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let branchId: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://donations.example.org' } });
    branchId = (await fixtures.branch(api)).id;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const forgot = (username: unknown) => api.request('POST', '/api/user/forgot-password', { body: { username } });
  const login = (username: string, password: string) => api.request('POST', '/api/user/login', { body: { username, password } });
  const tokenOf = (text: string) => /https:\/\/donations\.example\.org\/invitation\/([\w-]+)/.exec(text)![1];
  const quiet = () => new Promise((r) => setTimeout(r, 300));

  it('answers a known, an unknown, a single sign-on, a disabled and an address-less username identically', async () => {
    const known = await fixtures.user(api, { branchIds: [branchId] });
    const sso = await fixtures.user(api, { branchIds: [branchId], loginType: LoginType.AAD });
    const b2c = await fixtures.user(api, { branchIds: [branchId], loginType: LoginType.AADB2C, passwordHash: null });
    const disabled = await fixtures.user(api, { branchIds: [branchId], disabled: true });
    const noAddress = await fixtures.user(api, { branchIds: [branchId], email: 'not an email' });
    const answers = [];
    for (const username of [known.username, 'nobody-at-all', sso.username, b2c.username, disabled.username, noAddress.username])
      answers.push(await forgot(username));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(answers[0]!.text);
    }
    expect(answers[0]!.json).toEqual(ANSWER);
    // Only the password account with an address gets a mail.
    const [mail] = await smtp.waitFor(1);
    await quiet();
    expect(smtp.messages).toHaveLength(1);
    expect(mail!.to.map((a) => a.toLowerCase())).toEqual([known.email.toLowerCase()]);
  });

  it('mails a link, never a password; the request alone changes nothing; the link sets a password once', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId], email: 'Reset.Me@Example.org' });
    const session = await api.login(u.username, TEST_PASSWORD);
    expect((await forgot(` ${u.username.toUpperCase()} `)).json).toEqual(ANSWER);

    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toContain('Choose a new password');
    expect(mail!.subject).toContain('Choisissez un nouveau mot de passe');
    expect(mail!.text).toContain(`expires in ${RESET_TTL_HOURS} hours`);
    expect(mail!.text).toContain(`expire dans ${RESET_TTL_HOURS} heures`);
    expect(mail!.text).not.toMatch(/password: \S+|mot de passe : \S+/i);
    const token = tokenOf(mail!.text);
    const [sent] = await api.db.select().from(s.sentMail).where(eq(s.sentMail.to, 'Reset.Me@Example.org'));
    expect(sent).toMatchObject({ status: 'sent', kind: 'forgot-password' });

    // Nothing changed for the owner yet: the session lives and the current password works.
    expect((await api.request('GET', '/api/user/current-user', { token: session })).status).toBe(200);
    expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);

    // The set-password screen of invitations and resets opens it.
    const check = await api.request('POST', '/api/invitation/check', { body: { token } });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ kind: 'reset', username: u.username });
    const accepted = await api.request('POST', '/api/invitation/accept', { body: { token, password: 'Chosen-2026-pw' } });
    expect(accepted.status).toBe(200);
    expect((await login(u.username, 'Chosen-2026-pw')).status).toBe(200);
    expect((await login(u.username, TEST_PASSWORD)).status).toBe(401);
    expect((await api.request('GET', '/api/user/current-user', { token: session })).status).toBe(401);
    // Once only.
    const again = await api.request('POST', '/api/invitation/accept', { body: { token, password: 'Another-2026-pw' } });
    expect(again.status).toBe(404);
  });

  it(`the link expires after ${RESET_TTL_HOURS} hours`, async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    await forgot(u.username);
    const token = tokenOf((await smtp.waitFor(1))[0]!.text);
    const asked = api.clock.now;
    try {
      api.clock.now = new Date(asked.getTime() + RESET_TTL_HOURS * 3_600_000 + 1000);
      expect((await api.request('POST', '/api/invitation/check', { body: { token } })).status).toBe(404);
      expect((await api.request('POST', '/api/invitation/accept', { body: { token, password: 'Late-2026-pw' } })).status).toBe(404);
      expect((await login(u.username, TEST_PASSWORD)).status).toBe(200);
    } finally {
      api.clock.now = asked;
    }
  });

  it('past FORGOT_MAILS_PER_HOUR sends nothing, with the same answer, and the newest link keeps working', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    const perHour = api.config.forgotMailsPerHour;
    for (let i = 0; i < perHour + 2; i++) expect((await forgot(u.username)).json).toEqual(ANSWER);
    const mails = await smtp.waitFor(perHour);
    await quiet();
    expect(smtp.messages).toHaveLength(perHour);
    const tokens = mails.map((m) => tokenOf(m.text));
    // A newer link replaces the older ones.
    expect((await api.request('POST', '/api/invitation/check', { body: { token: tokens[0] } })).status).toBe(404);
    expect((await api.request('POST', '/api/invitation/check', { body: { token: tokens.at(-1) } })).status).toBe(200);
  });

  it('refuses an empty username and bad bodies with 400, whoever asks', async () => {
    for (const username of ['', '   ']) {
      const res = await forgot(username);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'FORGOT_USERNAME_REQUIRED', field: 'username' });
    }
    for (const init of [{ body: { username: 5 } }, { body: { username: 'a', email: 'x' } }, { rawBody: '{' }, { body: {} }]) {
      expect((await api.request('POST', '/api/user/forgot-password', init)).status).toBe(400);
    }
  });
});

describe.each(dbKinds())('forgot-password when the SMTP peer is down on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    const peer = await startSmtpPeer();
    await peer.close(); // a port nobody listens on any more
    api = await createTestApi(kind, { config: { smtpUrl: peer.url } });
  });
  afterAll(() => api.close());

  it('answers the same, takes the link back and keeps the old password', async () => {
    const u = await fixtures.user(api, { branchIds: [(await fixtures.branch(api)).id] });
    const res = await api.request('POST', '/api/user/forgot-password', { body: { username: u.username } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(ANSWER);
    const links = await api.db.select().from(s.invitations).where(eq(s.invitations.userId, u.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.usedAt).not.toBeNull();
    expect((await api.request('POST', '/api/user/login', { body: { username: u.username, password: TEST_PASSWORD } })).status).toBe(200);
  });
});
