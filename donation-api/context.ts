import type { Logger } from 'pino';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { Db } from './db/client';
import type { ApiConfig } from './config';
import type { Mailer } from './mail/mailer';
import type { branches } from './db/schema';
import type { TotalsAnswer } from '@/lib/domain/program-totals';
import type { PartnerPickups, ReliabilityAnswer, ReliabilityQuery } from '@/lib/domain/pickup-reliability';
import type { PartnerFigures, PartnerFilters } from '@/lib/domain/partner';
import type { ReferenceCache } from './db/reference-cache';

/** A retail partner's scope as every call reads it (names are read only where a screen shows them). */
export type PartnerGrant = { retailerId: string; bannerId: string | null; storeIds: string[] };

export type AuthUser = {
  id: string;
  username: string;
  email: string;
  loginType: number;
  workplace: boolean;
  locale: string;
  tokenId: string;
  /** The caller's branches, in their order; every branch-scoped call is constrained by it. */
  branchIds: string[];
  /** The caller's program role, or null: checked by donation-api/auth/program-scope.ts. */
  program: ProgramAccess | null;
  /** A retail partner's stores, or null: checked by donation-api/auth/partner-scope.ts. */
  partner: PartnerGrant | null;
};

/**
 * Who makes a change, as the audit trail names them. Services behind a route's declared access take this rather than
 * the whole caller, so they cannot check the caller's role a second time.
 */
export type Actor = Pick<AuthUser, 'id' | 'username'>;

export type ApiDeps = {
  db: Db;
  config: ApiConfig;
  mailer: Mailer;
  log: Logger;
  /** Injected clock, so rules that depend on today can be tested. */
  now: () => Date;
};

/**
 * The token checks of one server-rendered page, shared by its in-process API calls (auth/token-memo.ts). Declared
 * here, beside the user it holds, so that this file and the auth modules do not import each other.
 */
export type TokenMemo = Map<string, Promise<AuthUser | null>>;
export type TokenMemoBindings = { tokenMemo?: TokenMemo };

/** What a route's declared access checked before its handler ran (auth/access.ts). */
export type CheckedAccess = {
  /** The branch checked, in its canonical lower case. */
  branchId?: string;
  /** The branches a call may read: the one checked, or the caller's own when the branch was left out. */
  branchIds?: string[];
  /** The branches a donation call may reach (the caller's, plus the donation's when program staff are admitted). */
  reach?: string[];
  program?: ProgramAccess;
  /** The branch row of a program level limited to one branch. */
  programBranch?: typeof branches.$inferSelect;
  partner?: PartnerGrant;
};

/**
 * The program's totals kept per API instance until a write changes them (program/program-totals-cache.ts). Declared
 * here by what a route calls, so that this floor does not import the program's room.
 */
export type ProgramTotalsKeeper = {
  totals(db: Db, access: ProgramAccess, year: number, month: number, timeZone: string): Promise<TotalsAnswer>;
};

/** The program's pickup reliability kept per API instance until a write changes it (pickups/reliability-cache.ts). */
export type PickupReliabilityKeeper = {
  reliability(db: Db, access: ProgramAccess, q: ReliabilityQuery, today: string): Promise<ReliabilityAnswer>;
};

/** What a retail partner's kept answer is for: whose scope, which filters, which period, and the day when it counts pickups. */
export type PartnerAnswerKey = { grant: PartnerGrant; filters: PartnerFilters; period: { from: string; to: string }; today?: string };

/**
 * A retail partner's figures and pickup counts kept per API instance until a write changes what they read
 * (partners/partner-figures-cache.ts); `compute` is the answer from scratch.
 */
export type PartnerFiguresKeeper = {
  figures(db: Db, key: PartnerAnswerKey, compute: () => Promise<PartnerFigures>): Promise<PartnerFigures>;
  pickups(db: Db, key: PartnerAnswerKey, compute: () => Promise<PartnerPickups>): Promise<PartnerPickups>;
};

export type ApiEnv = {
  /** Set only by in-process callers (auth/token-memo.ts). */
  Bindings: TokenMemoBindings;
  Variables: {
    deps: ApiDeps;
    /** Reference data read once per API instance (db/reference-cache.ts). */
    reference: ReferenceCache;
    /** The program's totals, kept until a write changes them (program/program-totals-cache.ts). */
    programTotals: ProgramTotalsKeeper;
    /** The program's pickup reliability, kept until a write changes it (pickups/reliability-cache.ts). */
    pickupReliability: PickupReliabilityKeeper;
    /** A retail partner's figures and pickup counts, kept until a write changes them (partners/partner-figures-cache.ts). */
    partnerFigures: PartnerFiguresKeeper;
    user: AuthUser;
    requestId: string;
    access: CheckedAccess;
  };
};
