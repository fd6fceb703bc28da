import type { Logger } from 'pino';
import type { ProgramAccess } from '@/lib/domain/program-access';
import type { Db } from './db/client';
import type { ApiConfig } from './config';
import type { Mailer } from './mail/mailer';
import type { PartnerGrant } from './auth/partner-scope';
import type { TokenMemoBindings } from './auth/token-memo';
import type { ReferenceCache } from './services/reference-cache';

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

export type ApiDeps = {
  db: Db;
  config: ApiConfig;
  mailer: Mailer;
  log: Logger;
  /** Injected clock, so rules that depend on today can be tested. */
  now: () => Date;
};

export type ApiEnv = {
  /** Set only by in-process callers (auth/token-memo.ts). */
  Bindings: TokenMemoBindings;
  Variables: {
    deps: ApiDeps;
    /** Reference data read once per API instance (services/reference-cache.ts). */
    reference: ReferenceCache;
    user: AuthUser;
    requestId: string;
  };
};
