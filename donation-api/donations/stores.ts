import { sql } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { storeDisplayName } from '@/lib/domain/store';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/sql-rows';
import type { StoreAnswer } from './donation-query';

/** Stores that serve a branch for a program, by display name. */
export async function listStores(db: DbOrTx, branchId: string, campaignId: string = RFP_CAMPAIGN_ID): Promise<StoreAnswer[]> {
  const res = await queryRows<{
    id: string;
    name: string;
    number: string | null;
    retailer_id: string | null;
    retailer_name: string | null;
    banner_id: string | null;
    banner_retailer_id: string | null;
    banner_name: string | null;
  }>(
    db,
    sql`
    select s.id, s.name, s.number, r.id as retailer_id, r.name as retailer_name, b.id as banner_id, b.retailer_id as banner_retailer_id, b.name as banner_name
    from branch_stores bs
    join stores s on s.id = bs.store_id
    left join retailers r on r.id = s.retailer_id
    left join banners b on b.id = s.banner_id
    where bs.branch_id = ${branchId}::uuid and bs.campaign_id = ${campaignId}::uuid`,
  );
  return res
    .map((r) => {
      const retailer = r.retailer_id ? { id: r.retailer_id, name: r.retailer_name ?? '' } : null;
      const banner = r.banner_id ? { id: r.banner_id, retailerId: r.banner_retailer_id ?? '', name: r.banner_name ?? '' } : null;
      return {
        id: r.id,
        name: r.name,
        number: r.number,
        retailer,
        banner,
        displayName: storeDisplayName({ name: r.name, retailer, banner }),
      };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'en', { numeric: true }) || a.id.localeCompare(b.id));
}

/** Programs that have stores for the branch, RFP first, then by name. */
export async function listCampaigns(db: DbOrTx, branchId: string): Promise<{ id: string; name: string }[]> {
  const res = await queryRows<{ id: string; name: string }>(
    db,
    sql`
    select c.id, c.name from campaigns c
    where exists (select 1 from branch_stores bs where bs.branch_id = ${branchId}::uuid and bs.campaign_id = c.id)
    order by (c.id = ${RFP_CAMPAIGN_ID}::uuid) desc, c.name, c.id`,
  );
  return res.map((r) => ({ id: r.id, name: r.name }));
}
