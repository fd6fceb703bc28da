// Monthly reminders. From the configured day (default the 10th) a branch whose last month is still
// pending is reminded ('due'); from the 16th, once it is overdue (docs/rules.md, Report status), again ('overdue'),
// and each coordinator gets a digest of its overdue branches. Each is sent once per branch (or coordinator), month
// and kind: the reminders_sent row is claimed in the transaction that sends, so several app servers (or the
// in-process job and an external cron) running at once send it once, and a failed delivery is retried next run.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { owesMonth, reportStatus, type BranchMembership } from '@/lib/domain/report-status';
import { formatCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { audit } from '../audit';
import { branchScopeWhere, programBranch } from '../auth/program-scope';
import type { ApiDeps, AuthUser } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { branches, monthSubmissions, programRoles, remindersSent, users } from '../db/schema';
import { ApiError } from '../errors';
import { sendAllOrRollBack } from '../mail/claimed-send';
import { mailLocale } from '../mail/mail-text';
import { digestMail, reminderMail, type ReminderKind } from './program-mail';
import { membershipColumnsSql, owesReportMonthSql } from '../donations/owed-months';
import { branchRecipients } from './reminder-recipients';
import { queryRows } from '../db/sql-rows';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config'>;
type Ym = { year: number; month: number };

const previousMonth = (y: number, m: number): Ym => (m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 });

/** The deadline of a report month (the 15th of the next month), written for the recipient. */
function deadline(locale: string, ym: Ym) {
  const d = new Date(Date.UTC(ym.month === 12 ? ym.year + 1 : ym.year, ym.month % 12, 15));
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** Months of the report year up to `last` that a branch owes and has not submitted, per branch. */
async function missingMonths(db: DbOrTx, branchIds: string[], last: Ym, membership: (branchId: string) => BranchMembership) {
  const done = branchIds.length
    ? await db
        .select({ branchId: monthSubmissions.branchId, month: monthSubmissions.month })
        .from(monthSubmissions)
        .where(
          and(inArray(monthSubmissions.branchId, branchIds), eq(monthSubmissions.year, last.year), eq(monthSubmissions.submitted, true)),
        )
    : [];
  const submitted = new Set(done.map((d) => `${d.branchId}/${d.month}`));
  return (branchId: string) =>
    Array.from({ length: last.month }, (_, i) => ({ year: last.year, month: i + 1 })).filter(
      (m) => !submitted.has(`${branchId}/${m.month}`) && owesMonth(membership(branchId), m.year, m.month),
    );
}

type Claim = { kind: string; ym: Ym; branchId: string | null; key: string; recipients: string[]; sentBy: string };

/**
 * Claims (kind, month, key) for today in this transaction: false when a scheduled run already sent this kind, or
 * anybody sent it today (the two unique keys of reminders_sent; a concurrent claim waits for the other's commit).
 */
async function claim(tx: Tx, row: Claim, sentOn: string, manual: boolean, sentAt: Date) {
  const rows = await tx
    .insert(remindersSent)
    .values({
      kind: row.kind,
      year: row.ym.year,
      month: row.ym.month,
      branchId: row.branchId,
      recipientKey: row.key,
      recipients: row.recipients,
      sentBy: row.sentBy,
      manual,
      sentOn,
      sentAt,
    })
    // No target: a conflict on either unique key (once per scheduled kind, once a day for everybody) skips the row.
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** One run: what is due today is sent once. Answers what this run sent (the other runs' share is not counted). */
export async function runReminders(deps: Deps, now: Date, sentBy = 'scheduler') {
  const today = todayCalendarDate(now, deps.config.timeZone);
  const ym = previousMonth(today.year, today.month);
  const kind: ReminderKind | null = today.day >= 16 ? 'overdue' : today.day >= deps.config.reminderDay ? 'due' : null;
  const result = { kind, year: ym.year, month: ym.month, branches: 0, digests: 0 };
  if (!kind) return result;
  const sentOn = formatCalendarDate(today);
  // Branches that owe the month (owesMonth), are still active and have not submitted it.
  const pending = await queryRows<{ id: string; name: string; province: string | null; joined_on: string; deactivated_on: null }>(
    deps.db,
    sql`select b.id, b.name, b.province, ${membershipColumnsSql(deps.config.timeZone)}
      from branches b
      left join month_submissions ms on ms.branch_id = b.id and ms.year = ${ym.year}::int and ms.month = ${ym.month}::int
      where b.deactivated_at is null and not coalesce(ms.submitted, false) and ${owesReportMonthSql(ym.year, ym.month, deps.config.timeZone)}
      order by b.name`,
  );
  const byId = new Map(pending.map((b) => [b.id, { joinedOn: b.joined_on, deactivatedOn: b.deactivated_on }]));
  const ids = pending.map((b) => b.id);
  const recipients = await branchRecipients(deps.db, ids);
  const missing = await missingMonths(deps.db, ids, ym, (id) => byId.get(id)!);
  const link = `${deps.config.appUrl}/donations/${ym.year}/${ym.month}`;
  for (const b of pending) {
    const to = recipients.get(b.id) ?? [];
    if (!to.length) continue;
    const done = await deps.db
      .transaction(async (tx) => {
        const claim1 = { kind, ym, branchId: b.id, key: b.id, recipients: to.map((r) => r.email), sentBy };
        if (!(await claim(tx, claim1, sentOn, false, now))) return false;
        const mails = to.map((r) => {
          const l = mailLocale(r.locale);
          return {
            to: r.email,
            kind: `reminder-${kind}`,
            ...reminderMail(l, { kind, branch: b.name, missing: missing(b.id), deadline: deadline(l, ym), link }),
          };
        });
        await sendAllOrRollBack(deps, tx, mails, 'reminder');
        return true;
      })
      .catch((err: unknown) => (deps.log.warn({ err, branch: b.id }, 'reminder rolled back'), false));
    if (done) result.branches += 1;
  }
  if (kind === 'overdue') result.digests = await sendDigests(deps, ym, pending, sentBy, sentOn, now);
  return result;
}

async function sendDigests(
  deps: Deps,
  ym: Ym,
  overdue: { name: string; province: string | null }[],
  sentBy: string,
  sentOn: string,
  now: Date,
) {
  const coordinators = await deps.db
    .select({ id: users.id, email: users.email, locale: users.locale, provinces: programRoles.provinces })
    .from(programRoles)
    .innerJoin(users, eq(users.id, programRoles.userId))
    .where(and(eq(programRoles.role, 'coordinator'), eq(users.disabled, false), eq(users.remindersOptOut, false)));
  let sent = 0;
  for (const c of coordinators) {
    const list = overdue.filter((b) => b.province && c.provinces.includes(b.province)).map((b) => b.name);
    if (!list.length || !c.email) continue;
    const done = await deps.db
      .transaction(async (tx) => {
        const row = { kind: 'digest', ym, branchId: null, key: c.id, recipients: [c.email], sentBy };
        if (!(await claim(tx, row, sentOn, false, now))) return false;
        const mail = digestMail(mailLocale(c.locale), { ...ym, branches: list, link: `${deps.config.appUrl}/program` });
        await sendAllOrRollBack(deps, tx, [{ to: c.email, kind: 'reminder-digest', ...mail }], 'reminder');
        return true;
      })
      .catch((err: unknown) => (deps.log.warn({ err, coordinator: c.id }, 'digest rolled back'), false));
    if (done) sent += 1;
  }
  return sent;
}

/**
 * Program staff send a branch's reminder by hand. Once a day per branch, month and kind, like the schedule: a
 * second try (a double click, another colleague, the schedule earlier today) sends nothing and answers the reminder
 * already sent, with `sentNow: false`.
 */
export async function sendReminderNow(deps: Deps, user: AuthUser, access: ProgramAccess, input: { branchId: string } & Ym, now: Date) {
  const branch = await programBranch(deps.db, access, input.branchId);
  const tz = deps.config.timeZone;
  const [m] = await deps.db
    .select({ submitted: monthSubmissions.submitted })
    .from(monthSubmissions)
    .where(and(eq(monthSubmissions.branchId, branch.id), eq(monthSubmissions.year, input.year), eq(monthSubmissions.month, input.month)));
  if (m?.submitted) throw new ApiError(409, 'REMINDER_NOT_NEEDED');
  const [owed] = await queryRows<{ joined_on: string; deactivated_on: string | null; owes: boolean }>(
    deps.db,
    sql`select ${membershipColumnsSql(tz)}, ${owesReportMonthSql(input.year, input.month, tz)} as owes
      from branches b where b.id = ${branch.id}::uuid`,
  );
  // A branch that does not owe the month, or has left the program, is not chased (owesMonth).
  if (!owed?.owes || owed.deactivated_on) throw new ApiError(409, 'REMINDER_NOT_NEEDED');
  const to = (await branchRecipients(deps.db, [branch.id])).get(branch.id) ?? [];
  if (!to.length) throw new ApiError(409, 'REMINDER_NO_RECIPIENT');
  const today = todayCalendarDate(now, tz);
  const kind: ReminderKind = reportStatus(input.year, input.month, false, today) === 'overdue' ? 'overdue' : 'due';
  const membership = { joinedOn: owed.joined_on, deactivatedOn: null };
  const missing = await missingMonths(deps.db, [branch.id], input, () => membership);
  const link = `${deps.config.appUrl}/donations/${input.year}/${input.month}`;
  const claimed = await deps.db.transaction(async (tx) => {
    const row = { kind, ym: input, branchId: branch.id, key: branch.id, recipients: to.map((r) => r.email), sentBy: user.email };
    const sent = await claim(tx, row, formatCalendarDate(today), true, now);
    if (!sent) return null;
    const mails = to.map((r) => {
      const l = mailLocale(r.locale);
      return {
        to: r.email,
        kind: `reminder-${kind}`,
        ...reminderMail(l, { kind, branch: branch.name, missing: missing(branch.id), deadline: deadline(l, input), link }),
      };
    });
    await sendAllOrRollBack(deps, tx, mails, 'reminder');
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: 'remind',
      entity: 'month',
      entityId: `${branch.id}/${input.year}/${input.month}`,
      branchId: branch.id,
      after: { kind },
    });
    return sent;
  });
  if (claimed) return { ...reminderAnswer({ r: claimed, branchName: branch.name }), sentNow: true };
  // Read after the other claim committed (the unique key made this insert wait for it).
  const [earlier] = await deps.db
    .select()
    .from(remindersSent)
    .where(
      and(
        eq(remindersSent.kind, kind),
        eq(remindersSent.year, input.year),
        eq(remindersSent.month, input.month),
        eq(remindersSent.recipientKey, branch.id),
        eq(remindersSent.sentOn, formatCalendarDate(today)),
      ),
    )
    .orderBy(sql`${remindersSent.sentAt} desc`)
    .limit(1);
  return { ...reminderAnswer({ r: earlier!, branchName: branch.name }), sentNow: false };
}

function reminderAnswer({ r, branchName }: { r: typeof remindersSent.$inferSelect; branchName: string | null }) {
  return {
    id: r.id,
    kind: r.kind as 'due' | 'overdue' | 'digest',
    year: r.year,
    month: r.month,
    branchId: r.branchId,
    branchName,
    recipients: r.recipients,
    sentBy: r.sentBy,
    manual: r.manual,
    sentAt: r.sentAt.toISOString(),
  };
}

/** Reminders of a report month for the branches in scope (digests: administrators see all, a coordinator its own). */
export async function listReminders(db: DbOrTx, user: AuthUser, access: ProgramAccess, ym: Ym) {
  const rows = await db
    .select({ r: remindersSent, branchName: branches.name })
    .from(remindersSent)
    .leftJoin(branches, eq(branches.id, remindersSent.branchId))
    .where(
      and(
        eq(remindersSent.year, ym.year),
        eq(remindersSent.month, ym.month),
        sql`((${remindersSent.branchId} is null and (${access.role === 'admin'} or ${remindersSent.recipientKey} = ${user.id}))
            or (${remindersSent.branchId} is not null and ${branchScopeWhere(access) ?? sql`true`}))`,
      ),
    )
    .orderBy(sql`${remindersSent.sentAt} desc`)
    .limit(1000);
  return rows.map(reminderAnswer);
}
