// Which login the /login page shows, from its query (route table: adminLogin, sso, from=workplace).

export type LoginQuery = { adminLogin?: string; sso?: string; from?: string };
export type LoginMode = 'form' | 'sso' | 'embedded';

/** What is switched on: single sign-on providers and the embedded (workplace) mode, each with its UI ready. */
export type LoginAvailability = { sso: boolean; embedded: boolean };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function readLoginQuery(sp: Record<string, string | string[] | undefined>): LoginQuery {
  return { adminLogin: one(sp.adminLogin), sso: one(sp.sso), from: one(sp.from) };
}

/**
 * adminLogin=true|True always shows the username/password form (admin layout). from=workplace asks for the
 * embedded mode, and otherwise the single sign-on buttons are offered. While neither is configured,
 * the form is shown whatever the query says.
 */
export function resolveLoginMode(q: LoginQuery, available: LoginAvailability): LoginMode {
  if (q.adminLogin === 'true' || q.adminLogin === 'True') return 'form';
  if (q.from === 'workplace' && available.embedded) return 'embedded';
  if (available.sso) return 'sso';
  return 'form';
}
