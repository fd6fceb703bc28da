// The reopening workflow: branch staff ask to reopen a submitted month with a reason; program staff in
// scope are told by e-mail, and approve (the month opens, through reopenInTx) or decline with an answer.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { audit } from '../audit';
import { branchScopeWhere } from '../auth/program-scope';
import type { ApiDeps, AuthUser } from '../context';
import type { DbOrTx } from '../db/client';
import { returnedRow } from '../db/sql-rows';
import { branches, monthSubmissions, programRoles, reopenRequests, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { mailLocale } from '../mail/mail-text';
import { reopenDecidedMail, reopenRequestedMail } from './program-mail';
import { isUuid } from '@/lib/domain/uuid';
import { cleanReason, openReopenRequest, reopenInTx } from './reopen-month';
import { requestAnswer } from '../donations/submission-history';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config'>;

/** Program staff whose scope holds a branch of this province, with their language. */
export async function programStaffFor(db: DbOrTx, province: string | null) {
  const inScope = province
    ? or(eq(programRoles.role, 'admin'), sql`${province} = any(${programRoles.provinces})`)
    : eq(programRoles.role, 'admin');
  return db
    .select({ email: users.email, locale: users.locale })
    .from(programRoles)
    .innerJoin(users, eq(users.id, programRoles.userId))
    .where(and(inScope, eq(users.disabled, false)));
}

/** Sends after the commit: a refused delivery waits in the outbox for a retry, never undoes the request. */
async function sendAll(deps: Deps, mails: { to: string; subject: string; text: string; kind: string }[]) {
  for (const m of mails) {
    if (!m.to) continue;
    await deps.mailer
      .send(m, undefined, { onFailure: 'retry' })
      .catch((err: unknown) => deps.log.warn({ err, kind: m.kind }, 'program mail not delivered'));
  }
}

export async function requestReopen(
  deps: Deps,
  user: AuthUser,
  input: { branchId: string; year: number; month: number; reason: string },
  now: Date,
) {
  const reason = cleanReason(input.reason);
  const { row, branch } = await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select({ submitted: monthSubmissions.submitted })
      .from(monthSubmissions)
      .where(
        and(eq(monthSubmissions.branchId, input.branchId), eq(monthSubmissions.year, input.year), eq(monthSubmissions.month, input.month)),
      )
      .for('update');
    if (!m?.submitted) throw new ApiError(409, 'REOPEN_NOT_SUBMITTED');
    const open = await openReopenRequest(tx, input.branchId, input.year, input.month);
    if (open) throw new ApiError(409, 'REOPEN_ALREADY_REQUESTED');
    const row = returnedRow(
      await tx
        .insert(reopenRequests)
        .values({ ...input, reason, requestedBy: user.email, requestedByUserId: user.id, requestedAt: now })
        .returning(),
    );
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: 'reopen-request',
      entity: 'month',
      entityId: `${input.branchId}/${input.year}/${input.month}`,
      branchId: input.branchId,
      after: { requestId: row.id, reason },
    });
    const [branch] = await tx
      .select({ name: branches.name, province: branches.province })
      .from(branches)
      .where(eq(branches.id, input.branchId));
    if (!branch) throw notFound();
    return { row, branch };
  });
  const staff = await programStaffFor(deps.db, branch.province);
  const link = `${deps.config.appUrl}/program`;
  await sendAll(
    deps,
    staff.map((s) => ({
      to: s.email,
      kind: 'reopen-request',
      ...reopenRequestedMail(mailLocale(s.locale), { branch: branch.name, year: row.year, month: row.month, by: user.email, reason, link }),
    })),
  );
  return requestAnswer(row);
}

/** Requests in the caller's scope, newest first; `status` narrows (the /program panel asks for the open ones). */
export async function listReopenRequests(db: DbOrTx, access: ProgramAccess, status?: 'open' | 'approved' | 'declined') {
  const rows = await db
    .select({ r: reopenRequests, branchName: branches.name, province: branches.province })
    .from(reopenRequests)
    .innerJoin(branches, eq(branches.id, reopenRequests.branchId))
    .where(and(branchScopeWhere(access), status ? eq(reopenRequests.status, status) : undefined))
    .orderBy(desc(reopenRequests.requestedAt))
    .limit(500);
  return rows.map(({ r, branchName, province }) => ({ ...requestAnswer(r), branchName, province }));
}

/** Approves (the month opens) or declines (it stays submitted; an answer is required) a request in scope. */
export async function decideReopenRequest(
  deps: Deps,
  user: AuthUser,
  access: ProgramAccess,
  id: string,
  decision: 'approve' | 'decline',
  answerText: string | null | undefined,
  now: Date,
) {
  if (!isUuid(id.toLowerCase())) throw notFound();
  const answer = answerText?.trim() || null;
  if (answer && answer.length > 1000) throw new ApiError(400, 'REOPEN_ANSWER_REQUIRED', 'answer');
  if (decision === 'decline' && !answer) throw new ApiError(400, 'REOPEN_ANSWER_REQUIRED', 'answer');
  const by = { userId: user.id, actor: user.email };
  const { row, branchName } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ r: reopenRequests, branchName: branches.name })
      .from(reopenRequests)
      .innerJoin(branches, eq(branches.id, reopenRequests.branchId))
      .where(and(eq(reopenRequests.id, id.toLowerCase()), branchScopeWhere(access)));
    if (!found) throw notFound();
    // Lock the request: two staff answering at once, one wins and the other is told it is answered.
    const [r] = await tx.select().from(reopenRequests).where(eq(reopenRequests.id, found.r.id)).for('update');
    if (!r) throw notFound();
    if (r.status !== 'open') throw new ApiError(409, 'REOPEN_ALREADY_DECIDED');
    if (decision === 'approve') {
      await reopenInTx(tx, { branchId: r.branchId, year: r.year, month: r.month, reason: r.reason, requestId: r.id }, by, now);
    }
    const row = returnedRow(
      await tx
        .update(reopenRequests)
        .set({
          status: decision === 'approve' ? 'approved' : 'declined',
          decidedAt: now,
          decidedBy: user.email,
          decidedByUserId: user.id,
          answer,
        })
        .where(eq(reopenRequests.id, r.id))
        .returning(),
    );
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: decision === 'approve' ? 'reopen-approve' : 'reopen-decline',
      entity: 'month',
      entityId: `${r.branchId}/${r.year}/${r.month}`,
      branchId: r.branchId,
      before: { status: 'open' },
      after: { requestId: r.id, status: row.status, answer },
    });
    return { row, branchName: found.branchName };
  });
  const to = row.requestedByUserId
    ? await deps.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, row.requestedByUserId))
    : [];
  const link = `${deps.config.appUrl}/donations/${row.year}/${row.month}`;
  await sendAll(
    deps,
    to.map((u) => ({
      to: u.email,
      kind: decision === 'approve' ? 'reopen-approved' : 'reopen-declined',
      ...reopenDecidedMail(mailLocale(u.locale), {
        branch: branchName,
        year: row.year,
        month: row.month,
        approved: decision === 'approve',
        by: user.email,
        answer,
        link,
      }),
    })),
  );
  return requestAnswer(row);
}

/**
 * An administrator reopens a month directly (no request). The branch's staff are told by the mail of an approved
 * request (reopenDecidedMail, `direct`), with the reason, after the commit; the requester of a request this settles
 * is told too, staff of the branch or not any more.
 */
export async function reopenDirectly(
  deps: Deps,
  user: AuthUser,
  branch: { id: string; name: string },
  input: { year: number; month: number; reason: string },
  now: Date,
) {
  const reason = cleanReason(input.reason);
  const { year, month } = input;
  const settled = await deps.db.transaction(async (tx) => {
    const open = await openReopenRequest(tx, branch.id, year, month);
    await reopenInTx(tx, { branchId: branch.id, year, month, reason }, { userId: user.id, actor: user.email }, now);
    return open?.requestedByUserId ?? null;
  });
  await mailDirectReopen(deps, branch, { year, month, reason }, user.email, settled);
}

/**
 * Tells the branch's staff (and whoever had asked, when a request was open) that a month was reopened directly, as
 * when a request is approved: from the drill-down and from the command line alike.
 */
export async function mailDirectReopen(
  deps: Deps,
  branch: { id: string; name: string },
  input: { year: number; month: number; reason: string },
  by: string,
  settled: string | null,
) {
  const { year, month, reason } = input;
  const staff = await deps.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        or(
          sql`${users.id} in (select user_id from user_branches where branch_id = ${branch.id}::uuid)`,
          settled ? eq(users.id, settled) : sql`false`,
        ),
      ),
    );
  const link = `${deps.config.appUrl}/donations/${year}/${month}`;
  await sendAll(
    deps,
    staff.map((u) => ({
      to: u.email,
      kind: 'reopen-direct',
      ...reopenDecidedMail(mailLocale(u.locale), {
        branch: branch.name,
        year,
        month,
        approved: true,
        direct: true,
        by,
        answer: reason,
        link,
      }),
    })),
  );
}
