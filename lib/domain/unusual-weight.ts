// Apart from the zod schemas (weight-flags.ts) so the add form can use it without loading zod in the browser.

/**
 * Over this many times the store's usual weight, a save asks "Save anyway?" and the API marks the donation. A
 * store's weights swing about two to three times between a slow week and a holiday week, which the passive hint
 * of usual-weight.ts (3×) already points out; one extra digit multiplies by 10, so 5× catches every such slip
 * while leaving ordinary peaks alone.
 */
export const UNUSUAL_WEIGHT_CONFIRM_FACTOR = 5;

/**
 * Above this, any donation is unusual, also for a store with no history yet: a 26-ft straight truck, the largest
 * pickup a retail store fills, carries about 10,000 lb, and a full tractor-trailer about 45,000 lb (the hard limit
 * of donation-rules.ts is 100,000 lb).
 */
export const UNUSUAL_WEIGHT_CEILING_LBS = 20_000;

export type UnusualWeight = {
  reason: 'unusual_weight';
  /** The store's usual weight the decision was taken against (null: no donation of that store above 0 yet). */
  usualPounds: number | null;
  /** Which bound it passed: a multiple of the usual weight, or the ceiling of any donation. */
  bound: 'usual' | 'ceiling';
};

/**
 * Whether a donation of `pounds` is unusual for a store whose usual weight is `usualPounds` (the median that
 * storeUsage computes: its last 50 donations above 0 lb). One rule for the form's question and the API's mark.
 */
export function unusualWeight(pounds: number, usualPounds: number | null | undefined): UnusualWeight | null {
  if (!Number.isFinite(pounds)) return null;
  const usual = usualPounds && usualPounds > 0 ? usualPounds : null;
  if (usual !== null && pounds > UNUSUAL_WEIGHT_CONFIRM_FACTOR * usual)
    return { reason: 'unusual_weight', usualPounds: usual, bound: 'usual' };
  if (pounds > UNUSUAL_WEIGHT_CEILING_LBS) return { reason: 'unusual_weight', usualPounds: usual, bound: 'ceiling' };
  return null;
}
