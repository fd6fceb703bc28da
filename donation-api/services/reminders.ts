// Monthly reminders (issue 8). From the configured day (default the 10th) a branch whose last month is still
// pending is reminded ('due'); from the 16th, when the month is overdue by the section 4 rule, again ('overdue'),
// and each coordinator gets a digest of its overdue branches. Each is sent once per branch (or coordinator), month
// and kind: the reminders_sent row is claimed in the transaction that sends, so several app servers (or the
// in-process job and an external cron) running at once send it once, and a failed delivery is retried next run.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { reportStatus } from '@/lib/domain/report-status';
import { todayCalendarDate } from '@/lib/domain/dates';
import { audit } from '../audit';
import { branchScopeWhere, programBranch } from '../auth/program-scope';
import type { ApiDeps, AuthUser } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { branches, monthSubmissions, programRoles, remindersSent, userBranches, users } from '../db/schema';
import { ApiError } from '../errors';
import { digestMail, mailLocale, reminderMail, type ReminderKind } from '../mail/program-mail';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config'>;
type Ym = { year: number; month: number };
type Recipient = { email: string; locale: string };

const previousMonth = (y: number, m: number): Ym => (m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 });

/** The deadline of a report month (the 15th of the next month), written for the recipient. */
function deadline(locale: string, ym: Ym) {
  const d = new Date(Date.UTC(ym.month === 12 ? ym.year + 1 : ym.year, ym.month % 12, 15));
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** Branch staff who receive reminders: enabled, with an address, not opted out. */
async function branchRecipients(db: DbOrTx, branchIds: string[]) {
  if (!branchIds.length) return new Map<string, Recipient[]>();
  const rows = await db
    .select({ branchId: userBranches.branchId, email: users.email, locale: users.locale })
    .from(userBranches)
    .innerJoin(users, eq(users.id, userBranches.userId))
    .where(and(inArray(userBranches.branchId, branchIds), eq(users.disabled, false), eq(users.remindersOptOut, false)));
  const out = new Map<string, Recipient[]>();
  for (const r of rows) if (r.email) out.set(r.branchId, [...(out.get(r.branchId) ?? []), r]);
  return out;
}

/** Months of the report year up to `last` that a branch has not submitted, per branch. */
async function missingMonths(db: DbOrTx, branchIds: string[], last: Ym) {
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
      (m) => !submitted.has(`${branchId}/${m.month}`),
    );
}

/** Claims (kind, month, key) in this transaction; false when another run already sent it. */
async function claim(tx: Tx, row: { kind: string; ym: Ym; branchId: string | null; key: string; recipients: string[]; sentBy: string }) {
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
    })
    .onConflictDoNothing({
      target: [remindersSent.kind, remindersSent.year, remindersSent.month, remindersSent.recipientKey],
      where: sql`manual = false`,
    })
    .returning({ id: remindersSent.id });
  return rows.length > 0;
}

/** Sends inside the claiming transaction; if nobody could be reached the claim is rolled back (retried next run). */
async function sendAll(deps: Deps, tx: Tx, mails: { to: string; subject: string; text: string; kind: string }[]) {
  let sent = 0;
  for (const m of mails) {
    try {
      await deps.mailer.send(m, tx);
      sent += 1;
    } catch (err) {
      deps.log.warn({ err, kind: m.kind }, 'reminder not delivered');
    }
  }
  if (!sent) throw new Error('no reminder delivered');
}

/** One run: what is due today is sent once. Answers what this run sent (the other runs' share is not counted). */
export async function runReminders(deps: Deps, now: Date, sentBy = 'scheduler') {
  const today = todayCalendarDate(now, deps.config.timeZone);
  const ym = previousMonth(today.year, today.month);
  const kind: ReminderKind | null = today.day >= 16 ? 'overdue' : today.day >= deps.config.reminderDay ? 'due' : null;
  const result = { kind, year: ym.year, month: ym.month, branches: 0, digests: 0 };
  if (!kind) return result;
  const pending = await deps.db
    .select({ id: branches.id, name: branches.name, province: branches.province })
    .from(branches)
    .leftJoin(
      monthSubmissions,
      and(eq(monthSubmissions.branchId, branches.id), eq(monthSubmissions.year, ym.year), eq(monthSubmissions.month, ym.month)),
    )
    // A deactivated branch is chased no more (it has left the oversight screens from its last month on).
    .where(and(sql`coalesce(${monthSubmissions.submitted}, false) = false`, isNull(branches.deactivatedAt)))
    .orderBy(branches.name);
  const recipients = await branchRecipients(
    deps.db,
    pending.map((b) => b.id),
  );
  const missing = await missingMonths(
    deps.db,
    pending.map((b) => b.id),
    ym,
  );
  const link = `${deps.config.appUrl}/donations/${ym.year}/${ym.month}`;
  for (const b of pending) {
    const to = recipients.get(b.id) ?? [];
    if (!to.length) continue;
    const done = await deps.db
      .transaction(async (tx) => {
        if (!(await claim(tx, { kind, ym, branchId: b.id, key: b.id, recipients: to.map((r) => r.email), sentBy }))) return false;
        const mails = to.map((r) => {
          const l = mailLocale(r.locale);
          return {
            to: r.email,
            kind: `reminder-${kind}`,
            ...reminderMail(l, { kind, branch: b.name, missing: missing(b.id), deadline: deadline(l, ym), link }),
          };
        });
        await sendAll(deps, tx, mails);
        return true;
      })
      .catch((err: unknown) => (deps.log.warn({ err, branch: b.id }, 'reminder rolled back'), false));
    if (done) result.branches += 1;
  }
  if (kind === 'overdue') result.digests = await sendDigests(deps, ym, pending, sentBy);
  return result;
}

async function sendDigests(deps: Deps, ym: Ym, overdue: { name: string; province: string | null }[], sentBy: string) {
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
        if (!(await claim(tx, { kind: 'digest', ym, branchId: null, key: c.id, recipients: [c.email], sentBy }))) return false;
        const mail = digestMail(mailLocale(c.locale), { ...ym, branches: list, link: `${deps.config.appUrl}/program` });
        await sendAll(deps, tx, [{ to: c.email, kind: 'reminder-digest', ...mail }]);
        return true;
      })
      .catch((err: unknown) => (deps.log.warn({ err, coordinator: c.id }, 'digest rolled back'), false));
    if (done) sent += 1;
  }
  return sent;
}

/** Program staff send a branch's reminder by hand (recorded as manual; not limited to once). */
export async function sendReminderNow(deps: Deps, user: AuthUser, access: ProgramAccess, input: { branchId: string } & Ym, now: Date) {
  const branch = await programBranch(deps.db, access, input.branchId);
  const [m] = await deps.db
    .select({ submitted: monthSubmissions.submitted })
    .from(monthSubmissions)
    .where(and(eq(monthSubmissions.branchId, branch.id), eq(monthSubmissions.year, input.year), eq(monthSubmissions.month, input.month)));
  if (m?.submitted) throw new ApiError(409, 'REMINDER_NOT_NEEDED');
  const to = (await branchRecipients(deps.db, [branch.id])).get(branch.id) ?? [];
  if (!to.length) throw new ApiError(409, 'REMINDER_NO_RECIPIENT');
  const kind: ReminderKind =
    reportStatus(input.year, input.month, false, todayCalendarDate(now, deps.config.timeZone)) === 'overdue' ? 'overdue' : 'due';
  const missing = await missingMonths(deps.db, [branch.id], input);
  const link = `${deps.config.appUrl}/donations/${input.year}/${input.month}`;
  const [row] = await deps.db.transaction(async (tx) => {
    const mails = to.map((r) => {
      const l = mailLocale(r.locale);
      return {
        to: r.email,
        kind: `reminder-${kind}`,
        ...reminderMail(l, { kind, branch: branch.name, missing: missing(branch.id), deadline: deadline(l, input), link }),
      };
    });
    await sendAll(deps, tx, mails);
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: 'remind',
      entity: 'month',
      entityId: `${branch.id}/${input.year}/${input.month}`,
      branchId: branch.id,
      after: { kind },
    });
    return tx
      .insert(remindersSent)
      .values({
        kind,
        year: input.year,
        month: input.month,
        branchId: branch.id,
        recipientKey: branch.id,
        recipients: to.map((r) => r.email),
        sentBy: user.email,
        manual: true,
        sentAt: now,
      })
      .returning();
  });
  return reminderAnswer({ r: row, branchName: branch.name });
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
