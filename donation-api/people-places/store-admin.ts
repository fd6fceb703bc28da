// Stores, retailers and banners written by the program: the CSV import, the stores screen and approved
// store requests share these.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '../audit';
import type { DbOrTx } from '../db/client';
import { banners, retailers, stores } from '../db/schema';
import { returnedRow } from '../db/sql-rows';

async function findOrCreateRetailer(tx: DbOrTx, name: string) {
  const [r] = await tx
    .select()
    .from(retailers)
    .where(sql`lower(${retailers.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return r ?? returnedRow(await tx.insert(retailers).values({ name }).returning());
}

async function findOrCreateBanner(tx: DbOrTx, retailerId: string, name: string) {
  const [b] = await tx
    .select()
    .from(banners)
    .where(and(eq(banners.retailerId, retailerId), sql`lower(${banners.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return b ?? returnedRow(await tx.insert(banners).values({ retailerId, name }).returning());
}

/** A store found by retailer and number (or retailer, banner and name), renamed or created; retailers and banners too. */
export async function upsertStore(tx: DbOrTx, actor: string, row: { retailer: string; banner?: string; name: string; number?: string }) {
  const retailer = await findOrCreateRetailer(tx, row.retailer);
  const banner = row.banner ? await findOrCreateBanner(tx, retailer.id, row.banner) : undefined;
  const [existing] = row.number
    ? await tx
        .select()
        .from(stores)
        .where(and(eq(stores.retailerId, retailer.id), eq(stores.number, row.number)))
        .limit(1)
    : await tx
        .select()
        .from(stores)
        .where(
          and(
            eq(stores.retailerId, retailer.id),
            banner ? eq(stores.bannerId, banner.id) : isNull(stores.bannerId),
            sql`lower(${stores.name}) = ${row.name.toLowerCase()}`,
          ),
        )
        .limit(1);
  if (existing) {
    if (existing.name === row.name && existing.bannerId === (banner?.id ?? null))
      return { storeId: existing.id, action: 'unchanged' as const };
    const after = returnedRow(
      await tx
        .update(stores)
        .set({ name: row.name, bannerId: banner?.id ?? null })
        .where(eq(stores.id, existing.id))
        .returning(),
    );
    await audit(tx, { actor, action: 'update', entity: 'store', entityId: existing.id, before: existing, after });
    return { storeId: existing.id, action: 'update' as const };
  }
  const after = returnedRow(
    await tx
      .insert(stores)
      .values({ name: row.name, number: row.number ?? null, retailerId: retailer.id, bannerId: banner?.id ?? null })
      .returning(),
  );
  await audit(tx, {
    actor,
    action: 'create',
    entity: 'store',
    entityId: after.id,
    after: { ...after, retailer: retailer.name, banner: banner?.name ?? null },
  });
  return { storeId: after.id, action: 'create' as const };
}
