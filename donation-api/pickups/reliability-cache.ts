// The program's pickup reliability expands every slot in scope into its pickups (about 59,000 for a national program's
// quarter) and scores each against what was recorded: 100 to 300 ms of one server's time a view, and ten program
// staff looking at once queued for seconds. Most views follow no write that changes the answer, which the database
// tells in one cheap read: an answer is kept and served again until then.
import { sql } from 'drizzle-orm';
import type { ReliabilityAnswer, ReliabilityQuery } from '@/lib/domain/pickup-reliability';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { PickupReliabilityKeeper } from '../context';
import type { Db } from '../db/client';
import { KeptAnswers } from '../db/kept-answers';
import { queryRows } from '../db/sql-rows';
import { programReliability } from './reliability';

/**
 * What every reliability answer depends on, as one string: the version migration 0020's triggers move on at the commit
 * of each transaction that wrote a table the answer reads, after the version table's file number (a restore recreates
 * the table and could bring back a version already handed out, but in a new file).
 */
async function pickupFiguresDigest(db: Db): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db,
    sql`select pg_relation_filenode('pickup_figures_version') || ':' || version as digest from pickup_figures_version where id = 1`,
  );
  return row?.digest ?? '';
}

/**
 * Program reliability, computed by programReliability and kept per scope, period, grouping and day until the digest
 * moves (KeptAnswers: the digest is read before the answer is computed). One per API instance; each app server keeps
 * its own and reads the digest from the database on every view.
 */
export class PickupReliabilityCache implements PickupReliabilityKeeper {
  private readonly kept = new KeptAnswers<ReliabilityAnswer>(64);

  async reliability(db: Db, access: ProgramAccess, q: ReliabilityQuery, today: string): Promise<ReliabilityAnswer> {
    const digest = await pickupFiguresDigest(db);
    const key = JSON.stringify([access.role, [...access.provinces].sort(), q.year, q.month ?? null, q.quarter ?? null, q.groupBy, today]);
    return this.kept.answer(key, digest, () => programReliability(db, access, q, today));
  }
}
