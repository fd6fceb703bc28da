// The daily digest of unrecorded pickups, as its readers meet it: an app server of its own (the demo data on a new
// PostgreSQL database) whose reminder job runs every two seconds mails each demo branch's digest to the SMTP peer of
// scripts/e2e-issuers.ts once, however many runs follow, in each recipient's language (Halifax's goes to demo2 in
// English and to a French-speaking member); the mail's link opens the Pickups screen, which lists the same pickups as
// unrecorded. Needs TEST_DATABASE_URL (CI sets it) and the single sign-on setup's SMTP peer (E2E_SSO, on by default).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { adminQuery, appServerEnv, freePort } from './support/app-process';
import { DEMO2, setLanguage } from './support/auth';
import { LANGS, msg } from './support/messages';
import { receivedMail, sso } from './support/sso';
import { expect, test } from './support/test';

const PG = process.env.TEST_DATABASE_URL;
const root = path.join(__dirname, '..');
const EVERY_TWO_SECONDS = '*/2 * * * * *';
let server: ChildProcess | undefined;
let origin = '';
let dbName = '';

const psql = (statement: string) => adminQuery(PG!, statement);

type Mail = Awaited<ReturnType<typeof receivedMail>>[number];
const mailFile = (lang: 'en' | 'fr') =>
  JSON.parse(fs.readFileSync(path.join(root, 'messages', `mail.${lang}.json`), 'utf8')) as { PickupDigest: { subject: string } };
/** The subject's words before the branch's name: "Pickups with nothing recorded:" / "Collectes sans rien d’inscrit :". */
const subjectStart = (lang: 'en' | 'fr') => mailFile(lang).PickupDigest.subject.split('{branch}')[0]!;
const digestsTo = (mails: Mail[], to: string, lang: 'en' | 'fr') =>
  mails.filter((m) => m.to.includes(to) && m.subject.startsWith(subjectStart(lang)) && m.subject.includes('Halifax'));
/** The pickups a digest lists: its "- …" lines. */
const listedLines = (m: Mail) => m.text.split('\n').filter((l) => l.startsWith('- '));

test.describe('the daily digest of unrecorded pickups', () => {
  test.skip(!PG, 'needs TEST_DATABASE_URL (a PostgreSQL the tests may create databases on)');
  test.describe.configure({ timeout: 180_000 });

  let seen = 0;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    seen = (await receivedMail()).length;
    dbName = `rfp_digest_${process.pid}`;
    await psql(`drop database if exists ${dbName} with (force)`);
    await psql(`create database ${dbName}`);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
      cwd: root,
      env: appServerEnv(port, {
        DATABASE_URL: Object.assign(new URL(PG!), { pathname: `/${dbName}` }).toString(),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        SMTP_URL: sso.env.SMTP_URL,
        REMINDERS_CRON: EVERY_TWO_SECONDS,
        MAIL_SEND_CRON: EVERY_TWO_SECONDS,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (c: Buffer) => (output = (output + c.toString()).slice(-4000));
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    await expect
      .poll(
        async () => {
          if (server!.exitCode !== null) throw new Error(`the app exited with ${server!.exitCode}: ${output}`);
          return fetch(`${origin}/api/ready`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 150_000, intervals: [500] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server?.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((done) => server!.once('exit', done));
    }
    if (dbName) await psql(`drop database if exists ${dbName} with (force)`);
  });

  test('mailed once to each member in their language, listing what the Pickups screen shows as unrecorded', async ({ browser }) => {
    const french = 'partner@example.org'; // a member of Halifax whose language is French (the demo data)
    const english = 'demo2@foodbank.example.org';
    let mails: Mail[] = [];
    await expect
      .poll(
        async () => {
          mails = (await receivedMail()).slice(seen);
          return [digestsTo(mails, english, 'en').length, digestsTo(mails, french, 'fr').length];
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toEqual([1, 1]);
    // Three more runs of the job, each finding the day's digest already sent: still one each.
    await new Promise((r) => setTimeout(r, 7_000));
    mails = (await receivedMail()).slice(seen);
    const [en] = digestsTo(mails, english, 'en');
    const [fr] = digestsTo(mails, french, 'fr');
    expect([digestsTo(mails, english, 'en').length, digestsTo(mails, french, 'fr').length]).toEqual([1, 1]);
    expect(digestsTo(mails, english, 'fr')).toEqual([]);
    const listed = listedLines(en!);
    expect(listed.length).toBeGreaterThan(0);
    expect(listedLines(fr!)).toHaveLength(listed.length);
    // French dates and times as French writes them: "le mercredi 2 décembre 2026" is not asked, but no ISO date and
    // no English day name, and hours as "9 h".
    expect(fr!.text).not.toMatch(/\d{4}-\d{2}-\d{2}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    expect(listedLines(fr!).join('\n')).toMatch(/de \d{1,2} h( \d{2})? à \d{1,2} h/);

    const link = en!.text.match(/https?:\/\/\S+\/pickups\b/)?.[0];
    expect(link).toBe(`${origin}/pickups`);
    const stores = [...new Set(listed.map((l) => l.slice(2).split(': ')[0]!))];
    for (const lang of LANGS) {
      const context = await browser.newContext({ baseURL: origin });
      await setLanguage(context, origin, lang);
      const page = await context.newPage();
      // The link, signed out: the sign-in, then the Pickups screen.
      await page.goto(link!);
      await expect(page).toHaveURL(/\/login/);
      await page.locator('input[name="username"]').fill(DEMO2.username);
      await page.locator('input[name="password"]').fill(DEMO2.password);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/pickups$/, { timeout: 20_000 });
      const unrecorded = page.getByTestId('pickup').filter({ hasText: msg(lang, 'Pickups.state.unrecorded') });
      for (const store of stores) await expect(unrecorded.filter({ hasText: store }).first()).toBeVisible();
      expect(await unrecorded.count()).toBeGreaterThanOrEqual(listed.length);
      await context.close();
    }
  });
});
