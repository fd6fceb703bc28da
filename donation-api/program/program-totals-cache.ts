// The program's totals screen sums tens of thousands of running-totals rows per view (a national program: 500 food
// banks, 80,000 rows a year), and most views follow no write at all. An answer is kept and served again while nothing
// it sums has changed, which the database tells in one cheap read, in the same terms as the writes record it.
import { sql } from 'drizzle-orm';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { TotalsAnswer } from '@/lib/domain/program-totals';
import type { ProgramTotalsKeeper } from '../context';
import type { Db } from '../db/client';
import { KeptAnswers } from '../db/kept-answers';
import { scopeSql } from './program-oversight';
import { programTotals } from './program-totals';
import { queryRows } from '../db/sql-rows';

/**
 * What the totals of the branches in scope depend on, as one digest: each branch's id, its totals version (a fresh
 * sequence value set by the triggers of migration 0014 in the same transaction as every write that can change its
 * running totals), and the columns that decide which of its months count (province, created, deactivated). A
 * branch added or deleted changes the list itself. The versions table's file number comes first: a restore
 * (`pg_restore --clean`) recreates the table and sets the sequence back, so versions handed out after the backup
 * come again, but in a new file.
 */
async function totalsDigest(db: Db, access: ProgramAccess): Promise<string> {
  const [row] = await queryRows<{ digest: string | null }>(
    db,
    sql`select md5(pg_relation_filenode('totals_versions') || '|' || coalesce(string_agg(concat_ws(':', b.id,
        coalesce(v.version, 0), coalesce(b.province, '-'), b.created_at, coalesce(b.deactivated_at::text, '-')), ','
        order by b.id), '')) as digest
      from branches b left join totals_versions v on v.branch_id = b.id where ${scopeSql(access)}`,
  );
  return row?.digest ?? '';
}

/**
 * Program totals, computed by programTotals and kept per scope, month and time zone until the digest of their
 * branches changes (KeptAnswers: the digest is read before the answer is computed). One per API instance; each app
 * server keeps its own, and every one reads the digest from the database on every view.
 */
export class ProgramTotalsCache implements ProgramTotalsKeeper {
  // A program administrator looks at a few months; a coordinator's scope is a key of its own.
  private readonly kept = new KeptAnswers<TotalsAnswer>(64);

  /** `db` is the pool, never a transaction: programTotals reads with several statements at once. */
  async totals(db: Db, access: ProgramAccess, year: number, month: number, timeZone: string): Promise<TotalsAnswer> {
    const digest = await totalsDigest(db, access);
    const key = JSON.stringify([access.role, [...access.provinces].sort(), year, month, timeZone]);
    return this.kept.answer(key, digest, () => programTotals(db, access, year, month, timeZone));
  }
}
