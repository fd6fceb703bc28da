import { WeightUnit } from './enums';

export const LBS_PER_KG = 2.20462262;
/** Shipping weight of a full banana box; configurable with BANANA_BOX_LBS. */
export const DEFAULT_BANANA_BOX_LBS = 40;

/**
 * Upper bound of one donation, in pounds. A full 53-foot tractor-trailer carries about 45,000 lbs, and one store
 * hands over at most a truckload in a pick-up, so 100,000 lbs (more than two full trailers) is no real donation:
 * it is a typo (extra zeros) that would swamp a year's report. Applies to the weight converted to pounds.
 */
export const MAX_DONATION_LBS = 100_000;
/** The least weight a donation other than "No Donation" can have, in its own unit: the form's two decimals. */
export const MIN_DONATION_WEIGHT = 0.01;

export function toPounds(weight: number, unit: WeightUnit, bananaBoxLbs = DEFAULT_BANANA_BOX_LBS): number {
  switch (unit) {
    case WeightUnit.Kilogram:
      return weight * LBS_PER_KG;
    case WeightUnit.BananaBox:
      return weight * bananaBoxLbs;
    default:
      return weight;
  }
}
