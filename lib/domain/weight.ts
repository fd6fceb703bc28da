import { WeightUnit } from './enums';

export const LBS_PER_KG = 2.20462262;
/** Shipping weight of a full banana box; configurable with BANANA_BOX_LBS. */
export const DEFAULT_BANANA_BOX_LBS = 40;

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
