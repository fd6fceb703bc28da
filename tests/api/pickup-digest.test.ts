// The daily digest of unrecorded pickups (docs/rules.md, The daily digest of unrecorded pickups): a branch with
// scheduled pickups that have nothing recorded two days after their date gets one e-mail a day, listing them, in each
// recipient's language; never twice a day, also with several servers running; recorded pickups, recent ones and
// branches with nothing unrecorded are left out. Mails are counted at a real SMTP peer. Each test has its own branch,
// store and slot, in its own month, so that no other test's run can find its pickups unrecorded.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import * as s from '@/donation-api/db/schema';
import { createMailer } from '@/donation-api/mail/mailer';
import { runPickupDigest } from '@/donation-api/pickups/pickup-digest';
import { pickupIdOf } from '@/lib/domain/pickups';
import { runAdminCommand } from '@/scripts/admin-commands';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

describe.each(dbKinds())('the unrecorded pickups digest on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let deps: Parameters<typeof runPickupDigest>[0];
  const log = pino({ level: 'silent' });
  /** Another app server: its own mailer on the same database. */
  const server = () => ({
    db: api.db,
    log,
    config: api.config,
    mailer: createMailer({ db: api.db, log, smtpUrl: smtp.url, from: api.config.mailFrom }),
  });
  // 10:00 in Toronto.
  const at = (date: string) => new Date(`${date}T14:00:00Z`);
  const settle = () => new Promise((done) => setTimeout(done, 400));
  const to = (emails: string[]) => smtp.messages.filter((m) => m.to.some((t) => emails.includes(t)));

  /** A branch collecting at its own store on these weekdays between two dates, with an English and a French member. */
  async function branchWithSlot(name: string, slot: { weekdays: number[]; startsOn: string; endsOn: string }) {
    const branch = await fixtures.branch(api, { name });
    const en = await fixtures.user(api, { branchIds: [branch.id], locale: 'en' });
    const fr = await fixtures.user(api, { branchIds: [branch.id], locale: 'fr' });
    const store = await fixtures.store(api, branch.id, { name: `${name} St`, number: '100' });
    const [row] = await api.db
      .insert(s.pickupSlots)
      .values({ storeId: store.id, branchId: branch.id, windowStart: '09:00', windowEnd: '11:30', ...slot })
      .returning();
    return { branch, en, fr, store, slotId: row!.id, emails: [en.email, fr.email] };
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' }, poolSize: 6 });
    deps = server();
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it("mails a branch's two unrecorded pickups in one mail to each member, in English and in French", async () => {
    // Monday 2 and Thursday 5 March; the run is on Monday 9 March.
    const b = await branchWithSlot('Sudbury Food Bank', { weekdays: [1, 4], startsOn: '2026-03-02', endsOn: '2026-03-05' });
    // Members who get no reminders get no digest either: deactivated, or reminders turned off; nor another branch's.
    await fixtures.user(api, { branchIds: [b.branch.id], disabled: true, email: 'gone@example.org' });
    await fixtures.user(api, { branchIds: [b.branch.id], remindersOptOut: true, email: 'optout@example.org' });
    const result = await runPickupDigest(deps, at('2026-03-09'));
    expect(result.branches).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(2);
    await settle();
    const mails = to([...b.emails, 'gone@example.org', 'optout@example.org']);
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([[b.en.email], [b.fr.email]]));
    expect(mails).toHaveLength(2);
    const en = mails.find((m) => m.to.includes(b.en.email))!;
    expect(en.subject).toBe('Pickups with nothing recorded: Sudbury Food Bank (2)');
    expect(en.text).toContain('2 scheduled pickups of Sudbury Food Bank have nothing recorded');
    expect(en.text).toContain('- Loblaw Companies - No Frills - Sudbury Food Bank St: Monday, March 2, 09:00–11:30');
    expect(en.text).toContain('- Loblaw Companies - No Frills - Sudbury Food Bank St: Thursday, March 5, 09:00–11:30');
    expect(en.text).toContain('https://rfp.example.org/pickups');
    const fr = mails.find((m) => m.to.includes(b.fr.email))!;
    expect(fr.subject).toBe('Collectes sans rien d’inscrit : Sudbury Food Bank (2)');
    expect(fr.text).toContain('2 collectes prévues de Sudbury Food Bank n’ont rien d’inscrit');
    expect(fr.text).toContain('- Loblaw Companies - No Frills - Sudbury Food Bank St : lundi 2 mars, de 9 h à 11 h 30');
    expect(fr.text).toContain('- Loblaw Companies - No Frills - Sudbury Food Bank St : jeudi 5 mars, de 9 h à 11 h 30');
    expect(fr.text).toContain('https://rfp.example.org/pickups');
    const [row] = await api.db.select().from(s.pickupDigestsSent).where(sqlBranch(b.branch.id));
    expect(row).toMatchObject({ sentOn: '2026-03-09', pickups: 2, sentBy: 'scheduler' });
    expect([...row!.recipients].sort()).toEqual([...b.emails].sort());
  });

  it('sends nothing on a second run the same day, from the schedule or the command line, and again the next day', async () => {
    const b = await branchWithSlot('Timmins Food Bank', { weekdays: [2], startsOn: '2026-04-07', endsOn: '2026-04-07' });
    await runPickupDigest(deps, at('2026-04-13'));
    await smtp.waitFor(1);
    await settle();
    expect(to(b.emails)).toHaveLength(2);
    // Later that day (18:00 in Toronto, 22:00 UTC): still 13 April in the program's time zone.
    await runPickupDigest(deps, new Date('2026-04-13T22:00:00Z'));
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), readFile: async () => '', mail: () => ({ config: deps.config, mailer: deps.mailer }) };
    expect(await runAdminCommand(api.db, ['send-pickup-digest'], io, 'cron', at('2026-04-13'))).toBe(0);
    expect(out).toEqual(['Unrecorded pickups digests: 0 branches, 0 pickups.']);
    await settle();
    expect(to(b.emails)).toHaveLength(2);
    // The next day the pickup is still unrecorded: one more mail each.
    expect(await runAdminCommand(api.db, ['send-pickup-digest'], io, 'cron', at('2026-04-14'))).toBe(0);
    expect(out[1]).toMatch(/^Unrecorded pickups digests: [1-9]\d* branches, [1-9]\d* pickups\.$/);
    await settle();
    expect(to(b.emails)).toHaveLength(4);
  });

  it('sends once when two servers run at the same moment', async () => {
    const b = await branchWithSlot('Kenora Food Bank', { weekdays: [3], startsOn: '2026-05-06', endsOn: '2026-05-06' });
    const runs = await Promise.all([
      runPickupDigest(server(), at('2026-05-11')),
      runPickupDigest(server(), at('2026-05-11')),
      runPickupDigest(server(), at('2026-05-11')),
    ]);
    await settle();
    expect(to(b.emails)).toHaveLength(2);
    // Whichever run claimed the branch's day sent its mails; the others sent nothing for it.
    expect(runs.reduce((n, r) => n + r.branches, 0)).toBe(1);
    expect(await api.db.$count(s.pickupDigestsSent, sqlBranch(b.branch.id))).toBe(1);
  });

  it('leaves out a pickup with a donation, one with no food and one missed', async () => {
    // Every day from Monday 6 to Thursday 9 July; the run is on Monday 13 July.
    const b = await branchWithSlot('Thunder Bay Food Bank', { weekdays: [1, 2, 3, 4], startsOn: '2026-07-06', endsOn: '2026-07-09' });
    api.clock.now = at('2026-07-13');
    const token = await fixtures.token(api, b.en.id);
    const donation = await api.request('POST', `/api/branch/${b.branch.id}/donations`, {
      token,
      body: {
        branchId: b.branch.id,
        date: '2026-07-06',
        storeId: b.store.id,
        source: 0,
        weight: 140,
        weightUnit: 1,
        categories: [{ categoryId: 5, categoryName: 'Produce', fraction: 1 }],
      },
    });
    expect(donation.status).toBe(201);
    const answer = (date: string, body: unknown) =>
      api.request('POST', `/api/branch/${b.branch.id}/pickups/${pickupIdOf(b.slotId, date)}/outcome`, { token, body });
    expect((await answer('2026-07-07', { outcome: 'no_food' })).status).toBe(200);
    expect((await answer('2026-07-08', { outcome: 'missed', reason: 'truck' })).status).toBe(200);
    await runPickupDigest(deps, at('2026-07-13'));
    await settle();
    const mails = to(b.emails);
    expect(mails).toHaveLength(2);
    const en = mails.find((m) => m.to.includes(b.en.email))!;
    expect(en.subject).toBe('Pickups with nothing recorded: Thunder Bay Food Bank (1)');
    expect(en.text).toContain('One scheduled pickup of Thunder Bay Food Bank has nothing recorded');
    expect(en.text).toContain('Thursday, July 9');
    for (const day of ['Monday, July 6', 'Tuesday, July 7', 'Wednesday, July 8']) expect(en.text).not.toContain(day);
    expect(mails.find((m) => m.to.includes(b.fr.email))!.text).toContain('Une collecte prévue de Thunder Bay Food Bank n’a rien d’inscrit');
  });

  it('leaves out a pickup less than two days old, and one of more than 14 days ago', async () => {
    // Every day from Tuesday 28 July to Friday 14 August; the run is on Friday 14 August.
    const b = await branchWithSlot('Kingston Food Bank', { weekdays: [1, 2, 3, 4, 5, 6, 7], startsOn: '2026-07-28', endsOn: '2026-08-14' });
    await runPickupDigest(deps, at('2026-08-14'));
    await settle();
    const en = to([b.en.email]);
    expect(en).toHaveLength(1);
    // 31 July (14 days back) to 12 August (two days back): 13 pickups.
    expect(en[0]!.subject).toBe('Pickups with nothing recorded: Kingston Food Bank (13)');
    expect(en[0]!.text).toContain('Friday, July 31');
    expect(en[0]!.text).toContain('Wednesday, August 12');
    for (const day of ['Thursday, July 30', 'Thursday, August 13', 'Friday, August 14']) expect(en[0]!.text).not.toContain(day);
  });

  it('mails no branch with nothing unrecorded, nor a backup branch for the pickups it only backs up', async () => {
    // All answered: no food on Tuesday 8 September.
    const answered = await branchWithSlot('Barrie Food Bank', { weekdays: [2], startsOn: '2026-09-08', endsOn: '2026-09-08' });
    api.clock.now = at('2026-09-14');
    const token = await fixtures.token(api, answered.en.id);
    const res = await api.request(
      'POST',
      `/api/branch/${answered.branch.id}/pickups/${pickupIdOf(answered.slotId, '2026-09-08')}/outcome`,
      {
        token,
        body: { outcome: 'no_food' },
      },
    );
    expect(res.status).toBe(200);
    // A backup branch whose collecting branch has nobody to mail: the backup is not chased for the pickup.
    const backup = await fixtures.branch(api, { name: 'Orillia Food Bank' });
    const backupStaff = await fixtures.user(api, { branchIds: [backup.id] });
    const collecting = await fixtures.branch(api, { name: 'Midland Food Bank' });
    const store = await fixtures.store(api, collecting.id, { name: 'Midland St' });
    await api.db
      .insert(s.branchStores)
      .values({ branchId: backup.id, storeId: store.id, campaignId: '00000000-0000-0000-0000-000000000000' });
    await api.db.insert(s.pickupSlots).values({
      storeId: store.id,
      branchId: collecting.id,
      backupBranchId: backup.id,
      weekdays: [2],
      windowStart: '09:00',
      windowEnd: '10:00',
      startsOn: '2026-09-08',
      endsOn: '2026-09-08',
    });
    await runPickupDigest(deps, at('2026-09-14'));
    await settle();
    expect(to([...answered.emails, backupStaff.email])).toEqual([]);
    expect(await api.db.$count(s.pickupDigestsSent, sqlBranch(answered.branch.id))).toBe(0);
  });
});

const sqlBranch = (branchId: string) => eq(s.pickupDigestsSent.branchId, branchId);
