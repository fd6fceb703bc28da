// The command line's user commands and the import preview share the services of the screens.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { runAdminCommand } from '@/scripts/admin-commands';
import pino from 'pino';
import { createMailer } from '@/donation-api/mail/mailer';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

describe.each(dbKinds())('people and import admin commands on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { appUrl: 'http://app.test' } });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  const mail = () => ({
    config: api.config,
    mailer: createMailer({ db: api.db, log: pino({ level: 'silent' }), smtpUrl: smtp.url, from: api.config.mailFrom }),
  });

  const run = async (files: Record<string, string>, ...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCommand(
      api.db,
      argv,
      { out: (l) => lines.push(l), readFile: async (p) => files[p]!, mail },
      'admin-cli:test',
      api.clock.now,
    );
    return { code, out: lines.join('\n') };
  };

  it('previews an import without writing, row by row', async () => {
    const before = (await api.db.select().from(s.branches)).length;
    const csv = 'name,email,phone,address,city,postal code\nDry Bank,dry@example.org,1,2 Main,Halifax,B3H 1A1\nNo Mail Bank,,1,2,3,4\n';
    const r = await run({ 'b.csv': csv }, 'import-branches', 'b.csv', '--dry-run');
    expect(r.code).toBe(1);
    expect(r.out).toContain('line 2: create Dry Bank');
    expect(r.out).toContain('line 3 (email): Please enter a valid email');
    expect((await api.db.select().from(s.branches)).length).toBe(before);
  });

  it('deactivates a user (signed out at once), reactivates them, and sets a lead', async () => {
    const branch = await fixtures.branch(api, { name: 'Lead Bank' });
    const u = await fixtures.user(api, { branchIds: [branch.id] });
    const token = await api.login(u.username, TEST_PASSWORD);
    expect((await run({}, 'deactivate-user', u.username, '--reason', 'left')).out).toContain('is now deactivated');
    expect((await api.request('GET', '/api/user/current-user', { token })).status).toBe(401);
    expect((await run({}, 'reactivate-user', u.username, '--reason', 'back')).code).toBe(0);
    expect(await api.login(u.username, TEST_PASSWORD)).toBeTruthy();
    expect((await run({}, 'set-lead', u.username, 'Lead Bank')).out).toContain('is now a lead of Lead Bank');
    const [link] = await api.db.select().from(s.userBranches).where(eq(s.userBranches.userId, u.id));
    expect(link!.lead).toBe(true);
  });

  it("invites from the command line with the code of the Users screen: a link in the invitee's language", async () => {
    await fixtures.branch(api, { name: 'Cli Bank' });
    const noReason = await run({}, 'invite', 'cli@example.org', 'Cli Bank');
    expect(noReason).toEqual({ code: 1, out: 'A reason is required (--reason "…").' });
    const r = await run({}, 'invite', 'Cli@Example.org', 'Cli Bank', '--locale', 'fr', '--lead', '--reason', 'new food bank');
    expect(r).toEqual({ code: 0, out: 'Invited cli@example.org to Cli Bank: the link to choose a password was e-mailed.' });
    const [received] = await smtp.waitFor(1);
    expect(received!.subject).toBe('Invitation – Programme de récupération en épicerie');
    const token = /\/invitation\/([A-Za-z0-9_-]{20,})/.exec(received!.text)![1];
    expect((await api.request('POST', '/api/invitation/accept', { body: { token, password: 'Cli-2026x' } })).status).toBe(200);
    const [entry] = await api.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'invite'));
    expect(entry).toMatchObject({
      actor: 'admin-cli:test',
      after: expect.objectContaining({ by: 'command line', lead: true, reason: 'new food bank' }),
    });
    expect((await run({}, 'invite', 'cli@example.org', 'Cli Bank', '--reason', 'again')).out).toBe(
      'A user with this username already exists.',
    );
  });
});
