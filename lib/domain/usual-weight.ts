// Apart from summary.ts so the add form can use it without loading zod in the browser.

/** A weight far above what the store usually gives: over this many times its median (a warning, never a refusal). */
export const UNUSUAL_WEIGHT_FACTOR = 3;

export function isUnusualWeight(pounds: number, medianPounds: number | null | undefined): boolean {
  return !!medianPounds && medianPounds > 0 && pounds > UNUSUAL_WEIGHT_FACTOR * medianPounds;
}
