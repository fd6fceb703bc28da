import { WeightUnit } from '@/lib/domain/enums';

type Translate = (key: 'enteredKg' | 'enteredBox' | 'enteredBoxes', values: { amount: string }) => string;

/**
 * The amount and unit the user typed, when it was not pounds ("12 kg entered", "3 banana boxes entered"), shown
 * beside the converted pounds; null for pounds. French keeps the singular below 2 (« 1,5 boîte »).
 */
export function enteredAmount(weight: number, unit: number, format: (n: number) => string, t: Translate, locale: string): string | null {
  if (unit === WeightUnit.Kilogram) return t('enteredKg', { amount: format(weight) });
  if (unit === WeightUnit.BananaBox) {
    const singular = locale === 'fr' ? weight < 2 : weight === 1;
    return t(singular ? 'enteredBox' : 'enteredBoxes', { amount: format(weight) });
  }
  return null;
}
