// The program's pickup reliability expands every slot in scope into its pickups (about 59,000 for a national program's
// quarter) and scores each against what was recorded: 100 to 300 ms of one server's time a view, and ten program
// staff looking at once queued for seconds. Most views follow no write that changes the answer, which the database
// tells in one cheap read: an answer is kept and served again until then.
import type { ReliabilityAnswer, ReliabilityQuery } from '@/lib/domain/pickup-reliability';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { PickupReliabilityKeeper } from '../context';
import type { Db } from '../db/client';
import { figuresVersionDigest } from '../db/figures-version';
import { KeptAnswers } from '../db/kept-answers';
import { programReliability } from './reliability';

/**
 * Program reliability, computed by programReliability and kept per scope, period, grouping and day until the figures
 * version moves (KeptAnswers: the digest is read before the answer is computed). One per API instance; each app server keeps
 * its own and reads the digest from the database on every view.
 */
export class PickupReliabilityCache implements PickupReliabilityKeeper {
  private readonly kept = new KeptAnswers<ReliabilityAnswer>(64);

  async reliability(db: Db, access: ProgramAccess, q: ReliabilityQuery, today: string): Promise<ReliabilityAnswer> {
    const digest = await figuresVersionDigest(db);
    const key = JSON.stringify([access.role, [...access.provinces].sort(), q.year, q.month ?? null, q.quarter ?? null, q.groupBy, today]);
    return this.kept.answer(key, digest, () => programReliability(db, access, q, today));
  }
}
