// The digests that tell a kept answer (db/kept-answers.ts) whether what it read has changed, in one cheap read each.
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './sql-rows';

/**
 * The version migrations 0020 and 0021 move on at the commit of each transaction that wrote a slowly changing table
 * (schema-totals.ts, figuresVersion), after the table's file number: a restore (`pg_restore --clean`) recreates the
 * table and could bring back a version already handed out, but in a new file.
 */
const figuresVersionSql = sql`pg_relation_filenode('figures_version') || ':' || f.version`;

/** What the pickup reliability depends on: the figures version alone (donations count through their pickup links). */
export async function figuresVersionDigest(db: Db): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(db, sql`select ${figuresVersionSql} as digest from figures_version f where f.id = 1`);
  return row?.digest ?? '';
}

/**
 * What a retail partner's figures depend on: the figures version, and every food bank's totals version (migration
 * 0014: a fresh sequence value in the same transaction as every write to its donations, their stores or categories
 * included since migration 0021). Every food bank's, not only those serving the partner's stores today: a donation of
 * a store a food bank no longer serves still counts. About 500 rows for a national program.
 */
export async function figuresAndTotalsDigest(db: Db): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db,
    sql`select ${figuresVersionSql} || ':' || pg_relation_filenode('totals_versions') || ':' ||
        (select md5(coalesce(string_agg(v.branch_id || ':' || v.version, ',' order by v.branch_id), '')) from totals_versions v) as digest
      from figures_version f where f.id = 1`,
  );
  return row?.digest ?? '';
}
