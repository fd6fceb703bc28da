import type { AuthUser, TokenMemo } from '../context';

// The token checks of one server-rendered page, shared by its in-process API calls: the layout's session check and
// each of the page's reads would otherwise look the same token up again (one database round trip each). The screens'
// client (web/server/donation-api-client.ts) passes one per page render as the Hono binding `tokenMemo`; a call from
// outside the process never has one (the node server's bindings are its request and response objects). Only reads use
// it: a page render makes no writes, so a token revoked by a write of the same render cannot stay accepted.

/** The user of a token, looked up once per memo. */
export function memoizedLookup(memo: TokenMemo | undefined, token: string, lookup: () => Promise<AuthUser | null>) {
  if (!memo) return lookup();
  let found = memo.get(token);
  if (!found) {
    found = lookup();
    memo.set(token, found);
  }
  return found;
}
