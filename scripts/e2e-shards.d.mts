/** The specs that run against the single sign-on / embedded-mode app (see e2e-shards.mjs). */
export const SSO_SPECS: RegExp;
/** The spec files under dir, split into two lists of about equal recorded time (see e2e-shards.mjs). */
export function splitSpecs(dir: string): string[][];
