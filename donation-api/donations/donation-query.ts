import { sql, type SQL } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { storeDisplayName } from '@/lib/domain/store';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';

/** RFP donations or donations of the other programs (campaign donations); the API keeps them apart. */
export type DonationKind = 'rfp' | 'campaign';

import type { CampaignDonationAnswer, DonationAnswer, StoreAnswer } from '@/lib/domain/answers';

export type { CampaignDonationAnswer, DonationAnswer, StoreAnswer };

type Row = {
  id: string;
  branch_id: string;
  campaign_id: string;
  campaign_name: string;
  store_id: string;
  date: string;
  source: number;
  weight: number;
  weight_unit: number;
  weight_in_pounds: number;
  ghg_kg_co2e: number | null;
  ghg_factor_version: number | null;
  created_by: string | null;
  updated_by: string | null;
  created_by_name: string | null;
  updated_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  store_name: string;
  store_number: string | null;
  retailer_id: string | null;
  retailer_name: string | null;
  banner_id: string | null;
  banner_retailer_id: string | null;
  banner_name: string | null;
  submitted: boolean;
  submitted_at: Date | string | null;
  categories: { id: string; categoryId: number; fraction: number; name: string; nameFr: string; displayOrder: number }[] | string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function kindFilter(kind: DonationKind | 'all'): SQL {
  if (kind === 'rfp') return sql`d.campaign_id = ${RFP_CAMPAIGN_ID}::uuid`;
  if (kind === 'campaign') return sql`d.campaign_id <> ${RFP_CAMPAIGN_ID}::uuid`;
  return sql`true`;
}

export function uuidList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/**
 * Donations with their store, program, categories and month status in one statement. `where` and
 * `tail` (order, limit) are trusted fragments built by the services; values in them are parameters.
 */
export async function selectDonations(
  db: DbOrTx,
  where: SQL,
  tail: SQL = sql`order by d.date, d.created_at, d.id`,
): Promise<DonationAnswer[]> {
  const res = await queryRows<Row>(
    db,
    sql`
    select d.id, d.branch_id, d.campaign_id, cp.name as campaign_name, d.store_id, to_char(d.date, 'YYYY-MM-DD') as date,
      d.source, d.weight, d.weight_unit, d.weight_in_pounds, d.ghg_kg_co2e, d.ghg_factor_version,
      d.created_by, d.updated_by, d.created_at, d.updated_at, d.version, cu.username as created_by_name, uu.username as updated_by_name,
      s.name as store_name, s.number as store_number, r.id as retailer_id, r.name as retailer_name,
      b.id as banner_id, b.retailer_id as banner_retailer_id, b.name as banner_name,
      coalesce(ms.submitted, false) as submitted, case when ms.submitted then ms.submitted_at end as submitted_at,
      coalesce((
        select json_agg(json_build_object('id', dc.id, 'categoryId', dc.category_id, 'fraction', dc.fraction,
          'name', c.name, 'nameFr', c.name_fr, 'displayOrder', c.display_order) order by c.display_order)
        from donation_categories dc join categories c on c.id = dc.category_id
        where dc.donation_id = d.id
      ), '[]'::json) as categories
    from donations d
    join stores s on s.id = d.store_id
    left join retailers r on r.id = s.retailer_id
    left join banners b on b.id = s.banner_id
    join campaigns cp on cp.id = d.campaign_id
    left join users cu on cu.id = d.created_by_user_id
    left join users uu on uu.id = d.updated_by_user_id
    left join month_submissions ms on ms.branch_id = d.branch_id
      and ms.year = extract(year from d.date)::int and ms.month = extract(month from d.date)::int
    where ${where}
    ${tail}`,
  );
  return res.map(toAnswer);
}

function toAnswer(r: Row): DonationAnswer {
  const cats = typeof r.categories === 'string' ? (JSON.parse(r.categories) as Exclude<Row['categories'], string>) : r.categories;
  const retailer = r.retailer_id ? { id: r.retailer_id, name: r.retailer_name ?? '' } : null;
  const banner = r.banner_id ? { id: r.banner_id, retailerId: r.banner_retailer_id ?? '', name: r.banner_name ?? '' } : null;
  return {
    id: r.id,
    branchId: r.branch_id,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    date: r.date,
    storeId: r.store_id,
    store: {
      id: r.store_id,
      name: r.store_name,
      number: r.store_number,
      retailer,
      banner,
      displayName: storeDisplayName({ name: r.store_name, retailer, banner }),
    },
    source: Number(r.source),
    weight: Number(r.weight),
    weightUnit: Number(r.weight_unit),
    weightInPounds: Number(r.weight_in_pounds),
    ghgKgCo2e: r.ghg_kg_co2e === null ? null : Number(r.ghg_kg_co2e),
    ghgFactorVersion: r.ghg_factor_version === null ? null : Number(r.ghg_factor_version),
    categories: cats.map((c) => ({
      id: c.id,
      donationId: r.id,
      categoryId: c.categoryId,
      category: { id: c.categoryId, name: c.name, nameFr: c.nameFr, displayOrder: c.displayOrder },
      categoryName: c.name,
      fraction: Number(c.fraction),
    })),
    submitted: Boolean(r.submitted),
    submitDate: iso(r.submitted_at),
    createdBy: r.created_by,
    updatedBy: r.updated_by,
    // Who entered and who last changed it, by username (the e-mail above when the account is gone).
    createdByName: r.created_by_name ?? r.created_by,
    updatedByName: r.updated_by_name ?? r.updated_by,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    version: Number(r.version),
  };
}

/** The answer of each kind: an RFP donation, or a campaign donation with its campaign and campaignCategories. */
export type DonationOf<K extends DonationKind> = { rfp: DonationAnswer; campaign: CampaignDonationAnswer }[K];
const shapes: { [K in DonationKind]: (d: DonationAnswer) => DonationOf<K> } = { rfp: (d) => d, campaign: (d) => asCampaignDonation(d) };

/** A selected donation in the shape of its kind, typed by the kind (the routes answer it without a cast). */
export function shapeOf<K extends DonationKind>(kind: K, d: DonationAnswer): DonationOf<K> {
  return shapes[kind](d);
}

/** A campaign donation's answer (docs/product.md, Donations): campaign {id, name} and campaignCategories. */
export function asCampaignDonation(d: DonationAnswer): CampaignDonationAnswer {
  return {
    ...d,
    campaign: { id: d.campaignId, name: d.campaignName },
    campaignCategories: d.categories.map((c) => ({
      id: c.id,
      campaignId: d.campaignId,
      campaignDonationId: d.id,
      categoryId: c.categoryId,
      category: c.category,
      categoryName: c.categoryName,
      fraction: c.fraction,
    })),
  };
}
