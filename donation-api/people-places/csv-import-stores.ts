// The store import's plan, made in memory from one read of each table (branches, programs, retailers, banners,
// stores, links) instead of several queries per row: a preview of a few thousand rows then costs six short reads
// and holds the embedded database (one connection for every user) for none of its matching work. Confirm writes
// the same plan in one transaction with multi-row statements.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { auditMany, type AuditEntry } from '../audit';
import type { DbOrTx } from '../db/client';
import { banners, branches, branchStores, campaigns, retailers, stores } from '../db/schema';
import { isUuid } from '@/lib/domain/uuid';
import { AdminError, pickBranch } from './user-admin';

type Store = typeof stores.$inferSelect;
type Link = typeof branchStores.$inferInsert;
export type StoreRowInput = { retailer: string; banner?: string; name: string; number?: string; branch: string; campaign?: string };
export type StoreRowPlan = { action: 'create' | 'update' | 'unchanged'; branchName: string; linked: boolean };

const lower = (s: string) => s.toLowerCase();
const nameKey = (retailerId: string | null, bannerId: string | null, name: string) => `${retailerId}|${bannerId}|${lower(name)}`;

/** Everything the import matches against, read once; the plan adds what the file creates as it goes. */
export async function loadStorePlaces(db: DbOrTx) {
  const [branchRows, campaignRows, retailerRows, bannerRows, storeRows, linkRows] = [
    await db.select({ id: branches.id, name: branches.name }).from(branches),
    await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns),
    await db.select().from(retailers),
    await db.select().from(banners),
    await db.select().from(stores),
    await db.select().from(branchStores),
  ];
  return { branchRows, campaignRows, retailerRows, bannerRows, storeRows, linkRows };
}

/** Builds the plan row by row, with the matching rules of upsertStore (store-admin.ts), so a preview and a confirm agree. */
export function storePlanner(places: Awaited<ReturnType<typeof loadStorePlaces>>) {
  const branchById = new Map(places.branchRows.map((b) => [lower(b.id), b]));
  const branchesByName = new Map<string, { id: string; name: string }[]>();
  for (const b of places.branchRows) branchesByName.set(lower(b.name), [...(branchesByName.get(lower(b.name)) ?? []), b]);
  const retailerByName = new Map<string, { id: string; name: string }>();
  for (const r of places.retailerRows) if (!retailerByName.has(lower(r.name))) retailerByName.set(lower(r.name), r);
  const bannerByName = new Map<string, { id: string; name: string }>();
  for (const b of places.bannerRows)
    if (!bannerByName.has(`${b.retailerId}|${lower(b.name)}`)) bannerByName.set(`${b.retailerId}|${lower(b.name)}`, b);
  const byNumber = new Map<string, Store>();
  const byName = new Map<string, Store[]>();
  const index = (s: Store) => {
    if (s.number !== null && !byNumber.has(`${s.retailerId}|${s.number}`)) byNumber.set(`${s.retailerId}|${s.number}`, s);
    const k = nameKey(s.retailerId, s.bannerId, s.name);
    byName.set(k, [...(byName.get(k) ?? []), s]);
  };
  places.storeRows.forEach(index);
  const links = new Set(places.linkRows.map((l) => `${l.branchId}|${l.storeId}|${l.campaignId}`));

  const writes = {
    retailers: [] as { id: string; name: string }[],
    banners: [] as { id: string; retailerId: string; name: string }[],
    stores: [] as Store[],
    updated: new Map<string, Store>(),
    links: [] as Link[],
    audits: [] as AuditEntry[],
  };

  function branch(ref: string) {
    const key = ref.trim();
    if (!key) return pickBranch([], key);
    return pickBranch(isUuid(key) ? [branchById.get(lower(key))].filter((b) => !!b) : (branchesByName.get(lower(key)) ?? []), key);
  }
  function campaign(ref: string | undefined) {
    if (!ref) return RFP_CAMPAIGN_ID;
    const rows = places.campaignRows.filter((c) => (isUuid(ref) ? lower(c.id) === lower(ref) : lower(c.name) === lower(ref)));
    const [only, ...others] = rows;
    if (!only || others.length) throw new AdminError(`No single program "${ref}".`, 'CSV_NO_PROGRAM', { value: ref });
    return only.id;
  }

  /** One accepted row's store and link, as upsertStore and the link insert would write them. */
  function store(actor: string, row: StoreRowInput, b: { id: string; name: string }, campaignId: string): StoreRowPlan {
    let retailer = retailerByName.get(lower(row.retailer));
    if (!retailer) {
      retailer = { id: randomUUID(), name: row.retailer };
      retailerByName.set(lower(row.retailer), retailer);
      writes.retailers.push(retailer);
    }
    let banner: { id: string; name: string } | undefined;
    if (row.banner) {
      banner = bannerByName.get(`${retailer.id}|${lower(row.banner)}`);
      if (!banner) {
        banner = { id: randomUUID(), name: row.banner };
        bannerByName.set(`${retailer.id}|${lower(row.banner)}`, banner);
        writes.banners.push({ ...banner, retailerId: retailer.id });
      }
    }
    const bannerId = banner?.id ?? null;
    const existing = row.number ? byNumber.get(`${retailer.id}|${row.number}`) : byName.get(nameKey(retailer.id, bannerId, row.name))?.[0];
    let action: StoreRowPlan['action'] = 'create';
    let storeId: string;
    if (existing) {
      storeId = existing.id;
      action = existing.name === row.name && existing.bannerId === bannerId ? 'unchanged' : 'update';
      if (action === 'update') {
        const before = { ...existing };
        const k = nameKey(existing.retailerId, existing.bannerId, existing.name);
        byName.set(
          k,
          (byName.get(k) ?? []).filter((s) => s !== existing),
        );
        Object.assign(existing, { name: row.name, bannerId });
        byName.set(nameKey(existing.retailerId, bannerId, row.name), [
          ...(byName.get(nameKey(existing.retailerId, bannerId, row.name)) ?? []),
          existing,
        ]);
        writes.updated.set(existing.id, existing);
        writes.audits.push({ actor, action: 'update', entity: 'store', entityId: existing.id, before, after: { ...existing } });
      }
    } else {
      const created: Store = { id: randomUUID(), name: row.name, number: row.number ?? null, retailerId: retailer.id, bannerId };
      storeId = created.id;
      index(created);
      writes.stores.push(created);
      writes.audits.push({
        actor,
        action: 'create',
        entity: 'store',
        entityId: created.id,
        after: { ...created, retailer: retailer.name, banner: banner?.name ?? null },
      });
    }
    const linkKey = `${b.id}|${storeId}|${campaignId}`;
    const linked = !links.has(linkKey);
    if (linked) {
      links.add(linkKey);
      const link = { branchId: b.id, storeId, campaignId };
      writes.links.push(link);
      writes.audits.push({ actor, action: 'create', entity: 'branch_store', entityId: storeId, branchId: b.id, after: link });
    }
    return { action, branchName: b.name, linked };
  }

  return { branch, campaign, store, writes };
}

const chunks = <T>(list: T[], size = 500) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** Writes a plan inside the caller's transaction, a few multi-row statements per table. */
export async function writeStorePlan(tx: DbOrTx, writes: ReturnType<typeof storePlanner>['writes']) {
  for (const part of chunks(writes.retailers)) await tx.insert(retailers).values(part);
  for (const part of chunks(writes.banners)) await tx.insert(banners).values(part);
  for (const part of chunks(writes.stores)) await tx.insert(stores).values(part);
  for (const s of writes.updated.values()) {
    await tx.update(stores).set({ name: s.name, bannerId: s.bannerId }).where(eq(stores.id, s.id));
  }
  for (const part of chunks(writes.links)) await tx.insert(branchStores).values(part).onConflictDoNothing();
  await auditMany(tx, writes.audits);
}
