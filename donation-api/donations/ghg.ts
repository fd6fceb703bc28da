import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { lockMonths, monthOf, sameMonth } from './month-lock';
import { audit } from '../audit';
import type { AuthUser } from '../context';

export type GhgFactors = { version: number; kgPerLb: Map<number, number> };

/** The newest factor set (highest version); recomputation always uses it. */
export async function newestGhgFactors(db: DbOrTx): Promise<GhgFactors | null> {
  // One round trip (it is on every donation write): the newest set's version with its factors. A set may be
  // added to the database at any time, so it is read each time, not cached.
  const rows = await queryRows<{ version: number; category_id: number | null; kg: number | null }>(
    db,
    sql`with v as (select max(version) as version from ghg_factor_sets)
      select v.version, f.category_id, f.kg_co2e_per_lb as kg from v left join ghg_factors f on f.version = v.version
      where v.version is not null`,
  );
  const [first] = rows;
  if (!first) return null;
  const kgPerLb = new Map(rows.filter((r) => r.category_id !== null).map((r) => [Number(r.category_id), Number(r.kg)]));
  return { version: Number(first.version), kgPerLb };
}

/** kg CO2e avoided = Σ over categories of pounds × share × the category's factor. */
export function ghgKgCo2e(weightInPounds: number, categories: { categoryId: number; fraction: number }[], factors: GhgFactors): number {
  return categories.reduce((sum, c) => sum + weightInPounds * c.fraction * (factors.kgPerLb.get(c.categoryId) ?? 0), 0);
}

/**
 * Recomputes the figure of the listed donations in one statement, with the newest factor set, for
 * donations of the given branches and kind (RFP or other programs) only; answers what was updated.
 */
export async function recomputeGhg(
  db: DbOrTx,
  opts: { user: AuthUser; ids: string[]; rfp: boolean; rfpCampaignId: string },
): Promise<{ id: string; ghgKgCo2e: number; ghgFactorVersion: number }[]> {
  const branchIdList = opts.user.branchIds;
  if (opts.ids.length === 0 || branchIdList.length === 0) return [];
  const ids = sql.join(
    opts.ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const branchIds = sql.join(
    branchIdList.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const kind = opts.rfp ? sql`d.campaign_id = ${opts.rfpCampaignId}::uuid` : sql`d.campaign_id <> ${opts.rfpCampaignId}::uuid`;
  return db.transaction(async (tx) => {
    // A submitted month changes in no way: lock the months involved (as a donation write does, so a submit
    // running meanwhile waits) and leave the donations of submitted months out.
    const candidates = await queryRows<{ id: string; branch_id: string; date: string }>(
      tx,
      sql`select d.id, d.branch_id, to_char(d.date, 'YYYY-MM-DD') as date from donations d
        where d.id in (${ids}) and d.branch_id in (${branchIds}) and ${kind}`,
    );
    const months = await lockMonths(
      tx,
      candidates.map((d) => monthOf(d.branch_id, d.date)),
    );
    const open = candidates.filter((d) => !months.some((m) => m.submitted && sameMonth(m.key, monthOf(d.branch_id, d.date))));
    if (open.length === 0) return [];
    const openIds = sql.join(
      open.map((d) => sql`${d.id}::uuid`),
      sql`, `,
    );
    const res = await queryRows<{ id: string; ghg_kg_co2e: number; ghg_factor_version: number }>(
      tx,
      sql`
      with v as (select max(version) as version from ghg_factor_sets),
      target as (
        select d.id, d.weight_in_pounds from donations d
        where d.id in (${openIds})
      ),
      figure as (
        select t.id, coalesce(sum(t.weight_in_pounds * dc.fraction * coalesce(f.kg_co2e_per_lb, 0)), 0)::float8 as ghg
        from target t
        left join donation_categories dc on dc.donation_id = t.id
        left join ghg_factors f on f.category_id = dc.category_id and f.version = (select version from v)
        group by t.id
      )
      update donations d set ghg_kg_co2e = figure.ghg, ghg_factor_version = (select version from v)
      from figure where d.id = figure.id
      returning d.id, d.ghg_kg_co2e, d.ghg_factor_version`,
    );
    const updated = res.map((r) => ({ id: r.id, ghgKgCo2e: Number(r.ghg_kg_co2e), ghgFactorVersion: Number(r.ghg_factor_version) }));
    if (updated.length) {
      await audit(tx, {
        userId: opts.user.id,
        actor: opts.user.email,
        action: 'update',
        entity: opts.rfp ? 'donation_ghg' : 'campaign_donation_ghg',
        after: updated,
      });
    }
    return updated;
  });
}
