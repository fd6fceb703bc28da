import { useMemo } from 'react';
import type { CalendarDate } from '@/lib/domain/dates';
import { checkDonationRules } from '@/lib/domain/donation-rules';
import { typedToIso, typedWeight } from '@/lib/domain/typed-input';
import type { CategoryAnswer } from '@/web/query/donation-keys';

/** The donation form's values as typed: text for date and weight, whole percents per category (in display order). */
export type DonationFormValues = { date: string; storeId: string; source: string; weight: string; weightUnit: string; shares: number[] };
export type DonationFieldName = Exclude<keyof DonationFormValues, 'shares'>;
/** A refusal code per field (shown under it); 'root' for a rule of no field of the form (it still blocks saving). */
export type DonationFormErrors = Partial<Record<keyof DonationFormValues | 'root', string>>;

// A rule's (or the API's) field name → the form field that shows it.
export const FORM_FIELD: Record<string, keyof DonationFormValues> = {
  date: 'date',
  storeId: 'storeId',
  source: 'source',
  weight: 'weight',
  weightUnit: 'weightUnit',
  categories: 'shares',
};

type RulesContext = { mode: 'add' | 'edit'; categories: CategoryAnswer[]; today: CalendarDate; keptStoreId?: string; locale: string };

/**
 * The rules (docs/product.md, The donation form) as the form's check: the function the API runs, without a schema
 * library in the browser. The first violation per field shows under that field; none means the values can be saved.
 */
export function useDonationCheck({ mode, categories, today, keptStoreId, locale }: RulesContext) {
  return useMemo(
    () =>
      (v: DonationFormValues): DonationFormErrors => {
        const violations = checkDonationRules(
          {
            date: typedToIso(v.date, locale),
            storeId: v.storeId || null,
            source: Number(v.source),
            weight: typedWeight(v.weight, locale),
            weightUnit: Number(v.weightUnit),
            categories: categories.map((c, i) => ({ categoryId: c.id, fraction: (v.shares[i] ?? 0) / 100 })),
          },
          // The add form rounds the total up before comparing; the edit form needs exactly 100.
          { today, categories, roundTotalUp: mode === 'add' },
        );
        const errors: DonationFormErrors = {};
        for (const violation of violations) {
          // Store is required on add; an edited donation keeps its store.
          if (mode === 'edit' && violation.field === 'storeId' && keptStoreId) continue;
          errors[FORM_FIELD[violation.field] ?? 'root'] ??= violation.code;
        }
        return errors;
      },
    [categories, today, mode, keptStoreId, locale],
  );
}
