// The statement-ready mail to retail partners, through a real SMTP peer: sent once per partner and month when every
// food bank serving their stores has submitted it (or from the statement day on), in the partner's language, with
// the statement's number and a link; two runs at once send nothing twice.
import pino from 'pino';
import { sql } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { createMailer } from '@/donation-api/mail/mailer';
import { sendReadyStatements } from '@/donation-api/partners/partner-statement-mail';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { addDonation, donationWorld, submit, type World } from './donation-setup';

describe.each(dbKinds())('partner statement mail on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let w: World;
  let deps: Parameters<typeof sendReadyStatements>[0];
  const emails: Record<string, string> = {};
  // The branch's own submit confirmations go through the same peer: only the partners' mails count here.
  const toPartners = () => smtp.messages.filter((m) => m.to.some((to) => Object.values(emails).includes(to)));

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' } });
    const log = pino({ level: 'silent' });
    const mailer = createMailer({ db: api.db, log, smtpUrl: smtp.url, from: api.config.mailFrom });
    deps = { db: api.db, log, config: api.config, mailer, now: () => api.clock.now };
    w = await donationWorld(api);
    await api.db.execute(sql`update branches set created_at = '2025-01-01T12:00:00Z'`);
    for (const locale of ['en', 'fr']) {
      const u = await fixtures.user(api, { locale });
      await api.db.insert(s.partnerAccess).values({ userId: u.id, retailerId: w.store.retailerId! });
      emails[locale] = u.email;
    }
    await addDonation(api, w, { date: '2026-04-03', weight: 100 });
    await addDonation(api, w, { date: '2026-05-03', weight: 50 });
    expect((await submit(api, w, 2026, 4)).status).toBe(200);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('mails a submitted month once, in each partner’s language, and waits for a month still open', async () => {
    const before = smtp.messages.length;
    expect(await sendReadyStatements(deps)).toEqual({ sent: 2 });
    await smtp.waitFor(before + 2);
    const en = smtp.messages.find((m) => m.to.includes(emails.en!))!;
    const fr = smtp.messages.find((m) => m.to.includes(emails.fr!))!;
    expect(en.subject).toBe('Your statement of donations is ready: April 2026');
    expect(fr.subject).toBe('Votre relevé des dons est prêt\u00a0: avril 2026');
    expect(en.text).toMatch(/Statement RFP-S-\d{6} \(Loblaw Companies, April 2026\) is ready: 100 lb/);
    expect(en.text).toContain('https://rfp.example.org/partner/statements');
    expect(fr.text).toContain('non d’un reçu aux fins de l’impôt');

    // Two servers at once, and May still open before the statement day: nothing more.
    expect((await Promise.all([sendReadyStatements(deps), sendReadyStatements(deps)])).map((r) => r.sent)).toEqual([0, 0]);
    api.clock.now = new Date('2026-06-22T16:00:00Z');
    expect(await sendReadyStatements(deps)).toEqual({ sent: 0 });
    expect(toPartners()).toHaveLength(2);

    // May submitted: its statement goes out, once (a fresh token: the first one has expired by now).
    w.token = await fixtures.token(api, w.member.id);
    expect((await submit(api, w, 2026, 5)).status).toBe(200);
    const submitted = smtp.messages.length;
    expect(await sendReadyStatements(deps)).toEqual({ sent: 2 });
    await smtp.waitFor(submitted + 2);
    expect(
      toPartners()
        .slice(2)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Votre relevé des dons est prêt\u00a0: mai 2026', 'Your statement of donations is ready: May 2026']);
    const kept = await api.db.execute(sql`select count(*)::int as n from partner_statement_mail where statement_id is not null`);
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);
  });
});
