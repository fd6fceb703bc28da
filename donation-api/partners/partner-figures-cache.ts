// A national chain's figures sum the running totals of thousands of stores over the year on every view of /partner
// (3,000 stores: the heaviest read of a partner's screen), and its pickup counts expand every slot of those stores into
// its pickups; most views follow no write that changes either. Each answer is kept and served again until the
// database, in one cheap read, tells that something it reads has changed.
import type { PartnerFigures } from '@/lib/domain/partner';
import type { PartnerPickups } from '@/lib/domain/pickup-reliability';
import type { PartnerAnswerKey, PartnerFiguresKeeper } from '../context';
import type { Db } from '../db/client';
import { figuresAndTotalsDigest, figuresVersionDigest } from '../db/figures-version';
import { KeptAnswers } from '../db/kept-answers';

/** One key per scope, filters, period and day: the grant's stores sorted, the filters in a fixed order. */
function keyOf({ grant, filters, period, today }: PartnerAnswerKey): string {
  return JSON.stringify([
    grant.retailerId,
    grant.bannerId,
    [...grant.storeIds].sort(),
    filters.bannerId ?? null,
    filters.storeId ?? null,
    filters.province ?? null,
    period.from,
    period.to,
    today ?? null,
  ]);
}

/**
 * Partner figures and pickup counts, kept per key until their digest moves (KeptAnswers: the digest is read before the
 * answer is computed). The figures read the running totals, so their digest holds every food bank's totals version
 * beside the figures version; the pickup counts read only what the figures version follows. One per API instance; each
 * app server keeps its own and reads the digest from the database on every view.
 */
export class PartnerFiguresCache implements PartnerFiguresKeeper {
  // A partner looks at a few periods and filters; each partner's scope is keys of its own.
  private readonly keptFigures = new KeptAnswers<PartnerFigures>(256);
  private readonly keptPickups = new KeptAnswers<PartnerPickups>(256);

  async figures(db: Db, key: PartnerAnswerKey, compute: () => Promise<PartnerFigures>): Promise<PartnerFigures> {
    return this.keptFigures.answer(keyOf(key), await figuresAndTotalsDigest(db), compute);
  }

  async pickups(db: Db, key: PartnerAnswerKey, compute: () => Promise<PartnerPickups>): Promise<PartnerPickups> {
    return this.keptPickups.answer(keyOf(key), await figuresVersionDigest(db), compute);
  }
}
