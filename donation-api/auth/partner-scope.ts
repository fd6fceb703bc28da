// Retail partners' access, checked in one place: every /api/partner call reads the caller's scope through
// requirePartner, and every partner read of a store goes through partnerStoreWhere. A store, statement or line
// outside the scope is the same 404 as an unknown id; a partner is no branch's staff and holds no program role, so
// every branch and program call already answers them 404.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PartnerAccess } from '@/lib/domain/partner';
import type { AuthUser, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { banners, partnerAccess, retailers } from '../db/schema';
import { notFound } from '../errors';

/** The caller's partner scope; anyone else gets 404. */
export function requirePartner(user: AuthUser): PartnerGrant {
  if (!user.partner) throw notFound();
  return user.partner;
}

/** A condition on `stores` (aliased `s`) limiting it to the partner's stores. */
export function partnerStoreWhere(grant: PartnerGrant): SQL {
  const banner = grant.bannerId ? sql` and s.banner_id = ${grant.bannerId}::uuid` : sql``;
  const list = grant.storeIds.length ? sql` and s.id = any(${`{${grant.storeIds.join(',')}}`}::uuid[])` : sql``;
  return sql`(s.retailer_id = ${grant.retailerId}::uuid${banner}${list})`;
}

/** The partner scope of a user with the retailer's and banner's names, or null (the login answer, the user list). */
export async function partnerAccessOf(db: DbOrTx, userId: string): Promise<PartnerAccess | null> {
  const [row] = await db
    .select({
      retailerId: partnerAccess.retailerId,
      retailerName: retailers.name,
      bannerId: partnerAccess.bannerId,
      bannerName: banners.name,
      storeIds: partnerAccess.storeIds,
    })
    .from(partnerAccess)
    .innerJoin(retailers, eq(retailers.id, partnerAccess.retailerId))
    .leftJoin(banners, eq(banners.id, partnerAccess.bannerId))
    .where(eq(partnerAccess.userId, userId));
  return row ?? null;
}
