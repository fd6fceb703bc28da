// The store picker's search (GET /api/partner/stores): a national chain has thousands of stores, more than a page
// should carry as <option>s, so the screens ask for the few that match what the user types. Only the partner's own
// stores (partnerStoreWhere); a store named by id outside the scope is the same 404 as an unknown one.
import { sql, type SQL } from 'drizzle-orm';
import type { PartnerStores } from '@/lib/domain/partner';
import { partnerStoreWhere } from '../auth/partner-scope';
import type { PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';
import { queryRows } from '../db/sql-rows';

// Accents folded on both sides with translate() (no unaccent extension needed, PGlite included): "epicerie" finds
// "Épicerie", as the add-donation form's store list does in the browser.
const ACCENTED = 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyy';
const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
const folded = (col: SQL) => sql`translate(lower(${col}), ${ACCENTED}, ${PLAIN})`;
/** A LIKE pattern that matches the word literally (its % and _ escaped). */
const contains = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = { id: string; name: string; number: string | null; banner: string | null };

/** Stores of the partner's scope whose name, number or banner holds every word of `q`, by banner and name. */
export async function partnerStores(
  db: DbOrTx,
  grant: PartnerGrant,
  { q, id, limit }: { q?: string; id?: string; limit: number },
): Promise<PartnerStores> {
  const words = fold(q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  const text = folded(sql`s.name || ' ' || coalesce(s.number, '') || ' ' || coalesce(bn.name, '')`);
  const parts: SQL[] = [partnerStoreWhere(grant), ...words.map((w) => sql`${text} like ${contains(w)}`)];
  if (id) parts.push(sql`s.id = ${id}::uuid`);
  const rows = await queryRows<Row>(
    db,
    sql`select s.id, s.name, s.number, bn.name as banner from stores s left join banners bn on bn.id = s.banner_id
      where ${sql.join(parts, sql` and `)} order by bn.name nulls first, s.name, s.number, s.id limit ${limit + 1}`,
  );
  if (id && !rows.length) throw notFound();
  return { stores: rows.slice(0, limit), more: rows.length > limit };
}
