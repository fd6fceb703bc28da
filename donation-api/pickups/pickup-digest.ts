// The daily digest of unrecorded pickups (docs/rules.md, The daily digest of unrecorded pickups). Each active
// branch with unrecorded pickups of the last PICKUP_DIGEST_DAYS days among those it collects gets one e-mail a day,
// to each of its staff who receive reminders, in their language. Which pickups are unrecorded is the one rule
// (isUnrecorded, through branchPickups' states) the pickups screen and the month's warning show. Once a day per
// branch: the pickup_digests_sent row is claimed in the transaction that sends, as the reminders' reminders_sent row,
// so several app servers (or the in-process job and an external cron) running at once send it once, and a digest
// nobody could be sent is rolled back and tried again at the next run.
import { sql } from 'drizzle-orm';
import { PICKUP_DIGEST_DAYS, pickupDigestRange } from '@/lib/domain/pickup-digest';
import { todayFrom, type BranchPickup } from '@/lib/domain/pickups';
import { writtenDay } from '@/lib/domain/written-dates';
import type { ApiDeps } from '../context';
import { pickupDigestsSent } from '../db/schema';
import { queryRows } from '../db/sql-rows';
import { sendAllOrRollBack } from '../mail/claimed-send';
import { mailLocale, mailText, type MailLocale } from '../mail/mail-text';
import { branchRecipients } from '../program/reminder-recipients';
import { branchPickups } from './pickups';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config'>;

/** A window's time: "09:00" in English, as the screen shows it; "9 h" or "9 h 30" as French writes it. */
const writtenTime = (l: MailLocale, hhmm: string) => {
  if (l === 'en') return hhmm;
  const [h, m] = hhmm.split(':');
  return m === '00' ? `${Number(h)} h` : `${Number(h)} h ${m}`;
};

/** The digest of one branch's unrecorded pickups, in one language. */
function pickupDigestMail(l: MailLocale, m: { branch: string; pickups: BranchPickup[]; link: string }) {
  const t = mailText(l);
  const list = m.pickups
    .map(
      (p) =>
        `- ${t('PickupDigest.line', {
          store: p.storeName,
          date: writtenDay(p.date, l, { weekday: true }),
          start: writtenTime(l, p.windowStart),
          end: writtenTime(l, p.windowEnd),
        })}`,
    )
    .join('\n');
  const args = { branch: m.branch, count: m.pickups.length, list, link: m.link, days: PICKUP_DIGEST_DAYS };
  return { subject: t('PickupDigest.subject', args), text: t('PickupDigest.body', args) };
}

/** One run: each branch due a digest today gets it once. Answers what this run sent (another run's share is not counted). */
export async function runPickupDigest(deps: Deps, now: Date, sentBy = 'scheduler') {
  const today = todayFrom(now, deps.config.timeZone);
  const range = pickupDigestRange(today);
  const result = { branches: 0, pickups: 0 };
  // Active branches that collect at a store, and have not had today's digest yet (a later run skips them early).
  const due = await queryRows<{ id: string; name: string }>(
    deps.db,
    sql`select b.id, b.name from branches b
        where b.deactivated_at is null
          and exists (select 1 from pickup_slots ps where ps.branch_id = b.id)
          and not exists (select 1 from pickup_digests_sent d where d.branch_id = b.id and d.sent_on = ${today}::date)
        order by b.name`,
  );
  if (!due.length) return result;
  const recipients = await branchRecipients(
    deps.db,
    due.map((b) => b.id),
  );
  const link = `${deps.config.appUrl}/pickups`;
  for (const b of due) {
    const to = recipients.get(b.id) ?? [];
    if (!to.length) continue;
    // The pickups the branch collects, as the month's warning counts them: a backup branch is not chased for them.
    const list = (await branchPickups(deps.db, b.id, range, today, { collectingOnly: true })).filter((p) => p.state === 'unrecorded');
    if (!list.length) continue;
    const done = await deps.db
      .transaction(async (tx) => {
        const claimed = await tx
          .insert(pickupDigestsSent)
          .values({ branchId: b.id, sentOn: today, recipients: to.map((r) => r.email), pickups: list.length, sentBy, sentAt: now })
          // A concurrent claim of the same branch and day waits for the other's commit, then inserts nothing.
          .onConflictDoNothing()
          .returning({ branchId: pickupDigestsSent.branchId });
        if (!claimed.length) return false;
        const mails = to.map((r) => ({
          to: r.email,
          kind: 'pickup-digest',
          ...pickupDigestMail(mailLocale(r.locale), { branch: b.name, pickups: list, link }),
        }));
        await sendAllOrRollBack(deps, tx, mails, 'pickup digest');
        return true;
      })
      .catch((err: unknown) => (deps.log.warn({ err, branch: b.id }, 'pickup digest rolled back'), false));
    if (done) {
      result.branches += 1;
      result.pickups += list.length;
    }
  }
  return result;
}
