// The API's mark on a donation whose weight is unusual for its store, set by every create and update with the
// rule the form asks with (lib/domain/unusual-weight.ts), whatever the client said; and the program's list of
// open marks, each confirmed or sent back to the branch by an administrator, audited.
import { and, eq, sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import { storeDisplayName } from '@/lib/domain/store';
import { unusualWeight, type UnusualWeight } from '@/lib/domain/unusual-weight';
import type { MarkedDonation, WeightFlagResolved } from '@/lib/domain/weight-flags';
import { audit } from '../audit';
import { branchScopeWhere } from '../auth/program-scope';
import type { ApiDeps, AuthUser } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { branches, donationFlags, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { mailLocale } from '../mail/mail-text';
import { correctWeightMail } from './weight-mail';
import { isUuid } from '@/lib/domain/uuid';
import { queryRows } from '../db/sql-rows';

type Target = { branchId: string; campaignId: string; storeId: string };

/**
 * The store's usual weight as the form sees it (storeUsage of donations/summaries.ts): the median of the store's
 * last 50 donations of that branch and program, those above 0 lb. Read before the write, so a new donation is not
 * its own usual and an edited one counts as the form's list counted it.
 */
export async function usualPoundsOf(db: DbOrTx, t: Target): Promise<number | null> {
  const [row] = await queryRows<{ median: number | null }>(
    db,
    sql`
    select percentile_cont(0.5) within group (order by weight_in_pounds)::float8 as median
    from (
      select weight_in_pounds from donations
      where branch_id = ${t.branchId}::uuid and campaign_id = ${t.campaignId}::uuid and store_id = ${t.storeId}::uuid
      order by date desc, created_at desc, id desc
      limit 50
    ) last50
    where weight_in_pounds > 0`,
  );
  return row?.median === null || row?.median === undefined ? null : Number(row.median);
}

/** Whether the weight about to be written is unusual for its store (null: it is not). */
export async function weightFlagFor(db: DbOrTx, t: Target, pounds: number): Promise<UnusualWeight | null> {
  return unusualWeight(pounds, await usualPoundsOf(db, t));
}

/** After a create: an unusual weight is marked, open. */
export async function markCreated(tx: Tx, donationId: string, flag: UnusualWeight | null) {
  if (flag) await tx.insert(donationFlags).values({ donationId, reason: flag.reason, usualPounds: flag.usualPounds });
}

/**
 * After an update that changed the weight: still unusual, the mark opens again against the new usual weight (a
 * correction that is still far off goes back on the list); usual now, the mark goes. An unchanged weight keeps
 * its mark and its resolution.
 */
export async function remarkUpdated(tx: Tx, donationId: string, flag: UnusualWeight | null, weightChanged: boolean) {
  if (!weightChanged) return;
  if (!flag) {
    await tx.delete(donationFlags).where(eq(donationFlags.donationId, donationId));
    return;
  }
  const open = { reason: flag.reason, usualPounds: flag.usualPounds, flaggedAt: sql`now()`, resolvedAt: null, resolvedByUserId: null };
  await tx
    .insert(donationFlags)
    .values({ donationId, reason: flag.reason, usualPounds: flag.usualPounds })
    .onConflictDoUpdate({ target: donationFlags.donationId, set: { ...open, resolution: null, resolutionNote: null } });
}

type MarkedRow = {
  donation_id: string;
  branch_id: string;
  branch_name: string;
  province: string | null;
  store_name: string;
  retailer_name: string | null;
  banner_name: string | null;
  date: string;
  weight_in_pounds: number;
  usual_lbs: number | null;
  entered_by: string | null;
  flagged_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

/** Marked donations in the caller's scope: the open ones, or one by id whatever its state. */
async function markedRows(db: DbOrTx, access: ProgramAccess, donationId?: string): Promise<MarkedRow[]> {
  const scope = branchScopeWhere(access);
  return queryRows<MarkedRow>(
    db,
    sql`
    select f.donation_id, d.branch_id, ${branches.name} as branch_name, ${branches.province} as province,
      s.name as store_name, r.name as retailer_name, bn.name as banner_name, to_char(d.date, 'YYYY-MM-DD') as date,
      d.weight_in_pounds, f.usual_lbs, coalesce(cu.username, d.created_by) as entered_by, f.flagged_at
    from donation_flags f
    join donations d on d.id = f.donation_id
    join ${branches} on ${branches.id} = d.branch_id
    join stores s on s.id = d.store_id
    left join retailers r on r.id = s.retailer_id
    left join banners bn on bn.id = s.banner_id
    left join users cu on cu.id = d.created_by_user_id
    where ${scope ?? sql`true`} and ${donationId ? sql`f.donation_id = ${donationId}::uuid` : sql`f.resolved_at is null`}
    order by f.flagged_at desc, f.donation_id
    limit 500`,
  );
}

/** The open marks of the branches in the caller's scope, newest first. */
export async function listMarkedDonations(db: DbOrTx, access: ProgramAccess): Promise<MarkedDonation[]> {
  return (await markedRows(db, access)).map(toMarked);
}

function toMarked(r: MarkedRow): MarkedDonation {
  return {
    donationId: r.donation_id,
    branchId: r.branch_id,
    branchName: r.branch_name,
    province: r.province,
    storeName: storeDisplayName({
      name: r.store_name,
      retailer: r.retailer_name ? { name: r.retailer_name } : null,
      banner: r.banner_name ? { name: r.banner_name } : null,
    }),
    date: r.date,
    weightInPounds: Number(r.weight_in_pounds),
    usualPounds: r.usual_lbs === null ? null : Number(r.usual_lbs),
    reason: 'unusual_weight' as const,
    enteredBy: r.entered_by,
    flaggedAt: iso(r.flagged_at),
  };
}

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config'>;

/**
 * Confirms an open mark (the weight is right) or asks the branch to correct it (its enabled staff get an e-mail),
 * audited in the same transaction. Unknown, out-of-scope and malformed ids are the same 404; a mark resolved
 * meanwhile (another administrator) is 409.
 */
export async function resolveWeightFlag(
  deps: Deps,
  user: AuthUser,
  access: ProgramAccess,
  rawId: string,
  resolution: 'confirmed' | 'correction_requested',
  noteText: string | null | undefined,
  now: Date,
): Promise<WeightFlagResolved> {
  const donationId = rawId.toLowerCase();
  if (!isUuid(donationId)) throw notFound();
  const note = noteText?.trim() || null;
  const found = await deps.db.transaction(async (tx) => {
    // Locked first: two administrators resolving at once, one wins and the other is told it is resolved.
    const [locked] = await tx.select().from(donationFlags).where(eq(donationFlags.donationId, donationId)).for('update');
    const [row] = locked ? await markedRows(tx, access, donationId) : [];
    if (!locked || !row) throw notFound();
    if (locked.resolvedAt) throw new ApiError(409, 'FLAG_ALREADY_RESOLVED');
    await tx
      .update(donationFlags)
      .set({ resolvedAt: now, resolvedByUserId: user.id, resolution, resolutionNote: note })
      .where(eq(donationFlags.donationId, donationId));
    await audit(tx, {
      userId: user.id,
      actor: user.email,
      action: resolution === 'confirmed' ? 'weight-confirm' : 'weight-correction-request',
      entity: 'donation',
      entityId: donationId,
      branchId: row.branch_id,
      before: { weightInPounds: Number(row.weight_in_pounds), usualPounds: locked.usualPounds, reason: locked.reason },
      after: { resolution, ...(note ? { note } : {}) },
    });
    return toMarked(row);
  });
  const notified = resolution === 'correction_requested' ? await mailBranch(deps, user, found, note) : 0;
  return { donationId, resolution, resolvedAt: now.toISOString(), notified };
}

/** The request to correct, to the branch's enabled staff, after the commit; a mail failure is logged, never a refusal. */
async function mailBranch(deps: Deps, user: AuthUser, m: MarkedDonation, note: string | null): Promise<number> {
  const staff = await deps.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.disabled, false), sql`${users.id} in (select user_id from user_branches where branch_id = ${m.branchId}::uuid)`));
  const [y, mo, d] = m.date.split('-');
  const link = `${deps.config.appUrl}/donations/${Number(y)}/${Number(mo)}`;
  let sent = 0;
  for (const s of staff) {
    if (!s.email) continue;
    const l = mailLocale(s.locale);
    const date = l === 'fr' ? m.date : `${mo}/${d}/${y}`;
    const mail = correctWeightMail(l, {
      branch: m.branchName,
      store: m.storeName,
      date,
      pounds: m.weightInPounds,
      usualPounds: m.usualPounds,
      by: user.email,
      note,
      link,
    });
    await deps.mailer
      .send({ to: s.email, kind: 'weight-correction', ...mail }, undefined, { onFailure: 'retry' })
      .then(() => sent++)
      .catch((err: unknown) => deps.log.warn({ err, kind: 'weight-correction' }, 'program mail not delivered'));
  }
  return sent;
}
