// The sign-in brake cannot be turned against a named person: a guesser is locked where they guess from, with
// locks that grow, while the owner elsewhere, a colleague behind the same address and the owner's own password
// reset keep working.
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const A = '198.51.100.10'; // the attacker
const B = '203.0.113.40'; // the owner, somewhere else
const NAT = '192.0.2.80'; // an office behind one address

describe.each(dbKinds())('sign-in brake on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let branchId: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url } });
    branchId = (await fixtures.branch(api)).id;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  const login = (username: string, password: string, address: string) =>
    api.request('POST', '/api/user/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });
  const later = (minutes: number) => (api.clock.now = new Date(api.clock.now.getTime() + minutes * 60_000));

  it('locks a guesser at their address after five failures, then for twice as long after each further failure, up to the cap', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    for (let i = 0; i < 5; i++) expect((await login(u.username, `Guess-${i}a`, A)).status).toBe(401);
    const locked = await login(u.username, TEST_PASSWORD, A);
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({
      code: 'LOGIN_TOO_MANY',
      message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
    });
    expect(locked.headers.get('retry-after')).toBe('900');
    // One guess per lock, each lock twice the last, never longer than LOGIN_LOCK_MAX_MINUTES (240).
    let wait = 15;
    for (const minutes of [30, 60, 120, 240, 240]) {
      later(wait);
      wait = minutes;
      expect((await login(u.username, 'Guess-again1', A)).status).toBe(401);
      const refused = await login(u.username, TEST_PASSWORD, A);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(minutes * 60));
      expect(refused.json.message).toBe(`Too many failed login attempts. Please wait ${minutes} minutes and try again.`);
    }
    later(240);
  });

  it('lets the owner sign in from another address while the guesser is locked', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    for (let i = 0; i < 5; i++) expect((await login(u.username, `Guess-${i}a`, A)).status).toBe(401);
    expect((await login(u.username, TEST_PASSWORD, A)).status).toBe(429);
    const owner = await login(u.username, TEST_PASSWORD, B);
    expect(owner.status).toBe(200);
    expect(owner.json.username).toBe(u.username);
    // The guesser is still locked: the owner's sign-in elsewhere cleared only the owner's own counter.
    expect((await login(u.username, TEST_PASSWORD, A)).status).toBe(429);
  });

  it('lets a colleague behind the same address sign in while another username is attacked from it', async () => {
    const victim = await fixtures.user(api, { branchIds: [branchId] });
    const colleague = await fixtures.user(api, { branchIds: [branchId] });
    for (let i = 0; i < 5; i++) expect((await login(victim.username, `Guess-${i}a`, NAT)).status).toBe(401);
    // The attacker also sprays other usernames until the address itself is braked (4 × 5 failures).
    for (let i = 0; i < 15; i++) expect((await login(`spray-${i}`, 'Guess-1a', NAT)).status).toBe(401);
    expect((await login(victim.username, TEST_PASSWORD, NAT)).status).toBe(429);
    // A further wrong guess from the braked address is refused with the address's wait.
    const sprayed = await login('spray-new', 'Guess-1a', NAT);
    expect(sprayed.status).toBe(429);
    expect(Number(sprayed.headers.get('retry-after'))).toBeGreaterThan(0);
    // A username that already failed there is refused before its password is read.
    expect((await login('spray-0', 'Guess-2a', NAT)).status).toBe(429);
    // The colleague has no failures at that address: the right password signs in.
    const ok = await login(colleague.username, TEST_PASSWORD, NAT);
    expect(ok.status).toBe(200);
    expect(ok.json.username).toBe(colleague.username);
    later(240 + 15);
  });

  it('never refuses the owner a password reset, however often a stranger asked, and mails at most three an hour', async () => {
    const u = await fixtures.user(api, { branchIds: [branchId] });
    smtp.messages.length = 0;
    const forgot = () => api.request('POST', '/api/user/forgot-password', { body: { username: u.username } });
    for (let i = 0; i < 5; i++) {
      const res = await forgot();
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        message:
          'If this username belongs to an account that signs in with a password, a link to choose a new password has been sent to its email address.',
      });
    }
    // The owner's own request: the same answer, never an error the stranger caused.
    const own = await forgot();
    expect(own.status).toBe(200);
    const mails = await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(3);
    // The newest mail's link lets the owner choose a password and sign in.
    const newest = /\/invitation\/([\w-]+)/.exec(mails[mails.length - 1]!.text)![1];
    const chosen = await api.request('POST', '/api/invitation/accept', { body: { token: newest, password: 'Chosen-2026-pw' } });
    expect(chosen.status).toBe(200);
    expect((await login(u.username, 'Chosen-2026-pw', B)).status).toBe(200);
    // An hour later mails go out again.
    later(61);
    smtp.messages.length = 0;
    expect((await forgot()).status).toBe(200);
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });
});
