// The program administrator's invitation of a retail partner: the usual invitation (people-places/program-users.ts),
// with the partner's stores instead of a branch. The scope must name stores on file of one retailer.
import { sql } from 'drizzle-orm';
import type { PartnerInviteBody, PartnerScope } from '@/lib/domain/partner';
import type { ApiDeps, AuthUser, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { ApiError } from '../errors';
import { inviteCore, requireReason } from '../people-places/program-users';
import { queryRows } from '../db/sql-rows';

/** The grant a scope stands for; a retailer, banner or store not on file, or stores of two retailers, are refused. */
export async function grantOf(db: DbOrTx, scope: PartnerScope): Promise<PartnerGrant> {
  const refuse = () => new ApiError(400, 'PARTNER_SCOPE', 'scope');
  if (scope.kind === 'retailer') {
    const [r] = await queryRows<{ id: string }>(db, sql`select id from retailers where id = ${scope.retailerId}::uuid`);
    if (!r) throw refuse();
    return { retailerId: r.id, bannerId: null, storeIds: [] };
  }
  if (scope.kind === 'banner') {
    const [b] = await queryRows<{ retailer_id: string }>(db, sql`select retailer_id from banners where id = ${scope.bannerId}::uuid`);
    if (!b) throw refuse();
    return { retailerId: b.retailer_id, bannerId: scope.bannerId.toLowerCase(), storeIds: [] };
  }
  const ids = [...new Set(scope.storeIds.map((id) => id.toLowerCase()))];
  const rows = await queryRows<{ retailer_id: string | null }>(
    db,
    sql`select distinct retailer_id from stores where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from stores where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const [only] = rows;
  if (counted?.n !== ids.length || rows.length !== 1 || !only?.retailer_id) throw refuse();
  return { retailerId: only.retailer_id, bannerId: null, storeIds: ids };
}

/** POST /api/program/users/invite-partner (program administrators: the route's declared access). */
export async function invitePartner(deps: ApiDeps, caller: AuthUser, body: PartnerInviteBody) {
  const reason = requireReason(body.reason);
  const partner = await grantOf(deps.db, body.scope);
  const input = { ...body, reason, branchId: null, lead: false, partner };
  return inviteCore(deps, input, { id: caller.id, username: caller.username }, 'program admin');
}
