// A month of manifest lines reconciled with the donations of the same stores (lib/domain/reconcile.ts), read for a
// branch (its own lines, on its screen), for the program (the share by retailer and branch) and for a partner (its
// stores). Donations are read one day either side of the month, so a pickup typed the next day still pairs.
import { sql, type SQL } from 'drizzle-orm';
import { inProgramScope, type ProgramAccess } from '@/lib/domain/program-access';
import { reconcile, summarize, type ReconcileOutcome } from '@/lib/domain/reconcile';
import type { PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { partnerStoreWhere } from '../auth/partner-scope';

export const TOLERANCE_KEY = 'manifest_tolerance_percent';
export const DEFAULT_TOLERANCE_PERCENT = 10;

export async function tolerancePercent(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ value: unknown }>(db, sql`select value from app_settings where key = ${TOLERANCE_KEY}`);
  const v = Number(rows[0]?.value);
  return Number.isFinite(v) && v >= 0 ? v : DEFAULT_TOLERANCE_PERCENT;
}

export async function setTolerancePercent(db: DbOrTx, percent: number) {
  await db.execute(
    sql`insert into app_settings (key, value) values (${TOLERANCE_KEY}, ${JSON.stringify(percent)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
}

type LineRow = { id: string; storeId: string; date: string; pounds: number; storeName: string; retailerName: string };
type DonationRow = LineRow & { branchId: string; branchName: string; province: string | null; campaignId: string };

const monthBounds = (year: number, month: number) => {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { from, to };
};

/** The month's lines and donations of the stores `storeWhere` keeps (a condition on `stores s`), reconciled. */
async function reconcileMonth(db: DbOrTx, year: number, month: number, storeWhere: SQL) {
  const { from, to } = monthBounds(year, month);
  const lines = await queryRows<LineRow>(
    db,
    sql`select l.id, l.store_id as "storeId", to_char(l.date, 'YYYY-MM-DD') as date, l.weight_in_pounds::float8 as pounds,
          s.name as "storeName", r.name as "retailerName"
        from manifest_lines l join stores s on s.id = l.store_id join retailers r on r.id = s.retailer_id
        where l.date between ${from}::date and ${to}::date and ${storeWhere}`,
  );
  // Only the stores of retailers that sent lines this month: a retailer sending none has nothing to reconcile.
  const donations = await queryRows<DonationRow>(
    db,
    sql`select d.id, d.store_id as "storeId", to_char(d.date, 'YYYY-MM-DD') as date, d.weight_in_pounds::float8 as pounds,
          s.name as "storeName", r.name as "retailerName", d.branch_id as "branchId", b.name as "branchName", b.province,
          d.campaign_id as "campaignId"
        from donations d join stores s on s.id = d.store_id join retailers r on r.id = s.retailer_id join branches b on b.id = d.branch_id
        where d.date between ${from}::date - 1 and ${to}::date + 1 and ${storeWhere}
          and s.retailer_id in (select distinct retailer_id from manifest_lines where date between ${from}::date and ${to}::date)`,
  );
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const donationById = new Map(donations.map((d) => [d.id, d]));
  // A donation just outside the month counts only when it pairs with a line of the month.
  const outcomes = reconcile(lines, donations, await tolerancePercent(db)).filter(
    (o) => o.kind !== 'donation-only' || (o.donation.date >= from && o.donation.date <= to),
  );
  return { outcomes, lineById, donationById };
}

export type BranchReconcileItem = {
  kind: ReconcileOutcome['kind'];
  storeId: string;
  storeName: string;
  retailerName: string;
  line: { date: string; pounds: number } | null;
  donation: { id: string; campaignId: string; date: string; pounds: number } | null;
};

const ORDER = { 'manifest-only': 0, differs: 1, 'donation-only': 2, matched: 3 } as const;

/** A branch's month: what the stores it collects from recorded, set beside what it typed. */
export async function branchReconciliation(db: DbOrTx, branchId: string, year: number, month: number) {
  const linked = sql`(s.id in (select store_id from branch_stores where branch_id = ${branchId}::uuid)
    or s.id in (select store_id from donations where branch_id = ${branchId}::uuid))`;
  const { outcomes, lineById, donationById } = await reconcileMonth(db, year, month, linked);
  const linkedStores = new Set(
    (
      await queryRows<{ storeId: string }>(db, sql`select store_id as "storeId" from branch_stores where branch_id = ${branchId}::uuid`)
    ).map((r) => r.storeId),
  );
  const mine = outcomes.filter((o) =>
    o.kind === 'manifest-only' ? linkedStores.has(o.line.storeId) : donationById.get(o.donation.id)?.branchId === branchId,
  );
  const items: BranchReconcileItem[] = mine.map((o) => {
    const l = 'line' in o ? lineById.get(o.line.id)! : null;
    const d = 'donation' in o ? donationById.get(o.donation.id)! : null;
    const store = (l ?? d)!;
    return {
      kind: o.kind,
      storeId: store.storeId,
      storeName: store.storeName,
      retailerName: store.retailerName,
      line: l ? { date: l.date, pounds: l.pounds } : null,
      donation: d ? { id: d.id, campaignId: d.campaignId, date: d.date, pounds: d.pounds } : null,
    };
  });
  items.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || (a.line ?? a.donation)!.date.localeCompare((b.line ?? b.donation)!.date));
  return { tolerancePercent: await tolerancePercent(db), summary: summarize(mine), items };
}

type ShareRow = { key: string; retailer: string; branch: string | null; store?: string } & ReturnType<typeof summarize>;

function shares(outcomes: ReconcileOutcome[], keyOf: (o: ReconcileOutcome) => Omit<ShareRow, keyof ReturnType<typeof summarize>> | null) {
  const groups = new Map<string, { head: Omit<ShareRow, keyof ReturnType<typeof summarize>>; list: ReconcileOutcome[] }>();
  for (const o of outcomes) {
    const head = keyOf(o);
    if (!head) continue;
    const g = groups.get(head.key) ?? { head, list: [] };
    g.list.push(o);
    groups.set(head.key, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g.head, ...summarize(g.list) }))
    .sort((a, b) => a.retailer.localeCompare(b.retailer) || (a.store ?? a.branch ?? '').localeCompare(b.store ?? b.branch ?? ''));
}

function totalOf(rows: ReturnType<typeof summarize>[]) {
  const t = { matched: 0, differs: 0, manifestOnly: 0, donationOnly: 0 };
  for (const r of rows) for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += r[k];
  const all = t.matched + t.differs + t.manifestOnly + t.donationOnly;
  return { ...t, share: all ? t.matched / all : null };
}

/** The program's month: the reconciled share by retailer and branch, and the lines for store numbers not on file. */
export async function programReconciliation(db: DbOrTx, program: ProgramAccess, year: number, month: number) {
  const { outcomes, lineById, donationById } = await reconcileMonth(db, year, month, sql`true`);
  // A line nobody typed belongs to the branch the store is linked to (the first by name when several).
  const storeBranch = new Map(
    (
      await queryRows<{ storeId: string; branchName: string; province: string | null }>(
        db,
        sql`select distinct on (bs.store_id) bs.store_id as "storeId", b.name as "branchName", b.province
            from branch_stores bs join branches b on b.id = bs.branch_id order by bs.store_id, b.name`,
      )
    ).map((r) => [r.storeId, r]),
  );
  const rows = shares(outcomes, (o) => {
    const d = 'donation' in o ? donationById.get(o.donation.id)! : null;
    const l = 'line' in o ? lineById.get(o.line.id)! : null;
    const branch = d ? { branchName: d.branchName, province: d.province } : storeBranch.get(l!.storeId);
    if (program.role !== 'admin' && !inProgramScope(program, branch?.province)) return null;
    const retailer = (l ?? d)!.retailerName;
    return { key: `${retailer}|${branch?.branchName ?? ''}`, retailer, branch: branch?.branchName ?? null };
  });
  const { from, to } = monthBounds(year, month);
  const unmatched =
    program.role === 'admin'
      ? await queryRows<{ retailer: string; storeNumber: string; lines: number; pounds: number }>(
          db,
          sql`select r.name as retailer, l.store_number as "storeNumber", count(*)::int as lines, sum(l.weight_in_pounds)::float8 as pounds
              from manifest_lines l join retailers r on r.id = l.retailer_id
              where l.store_id is null and l.date between ${from}::date and ${to}::date
              group by r.name, l.store_number order by r.name, l.store_number`,
        )
      : [];
  return { tolerancePercent: await tolerancePercent(db), total: totalOf(rows), rows, unmatched };
}

/** A partner's month: the reconciled share of each of its stores. */
export async function partnerReconciliation(db: DbOrTx, grant: PartnerGrant, year: number, month: number) {
  const { outcomes, lineById, donationById } = await reconcileMonth(db, year, month, partnerStoreWhere(grant));
  const rows = shares(outcomes, (o) => {
    const r = 'line' in o ? lineById.get(o.line.id)! : donationById.get(o.donation.id)!;
    return { key: r.storeId, retailer: r.retailerName, branch: null, store: r.storeName };
  });
  return { tolerancePercent: await tolerancePercent(db), total: totalOf(rows), rows };
}
