// The donation rules (docs/product.md, The donation form) as plain functions (no zod): the form runs them in the
// browser, the API through lib/domain/donation.ts, so the rule is one and the form carries no schema library.
import { NO_DONATION } from './categories';
import { compareCalendarDates, isClosedForReporting, parseCalendarDate, type CalendarDate } from './dates';
import { SOURCES, WEIGHT_UNITS } from './enums';
import type { ErrorCode } from './errors';
import { MAX_DONATION_LBS, MIN_DONATION_WEIGHT, toPounds, DEFAULT_BANANA_BOX_LBS } from './weight';
import type { WeightUnit } from './enums';

/** A share is 0..1 in steps of 0.01: compare in whole percents to avoid float noise. */
export function toPercent(fraction: number): number {
  return Math.round(fraction * 100);
}
export function isWholePercent(fraction: number): boolean {
  return Math.abs(fraction * 100 - toPercent(fraction)) < 1e-6;
}

export type DonationRuleInput = {
  date: string;
  storeId?: string | null;
  source: number;
  weight: number;
  weightUnit: number;
  categories: { categoryId: number; fraction: number }[];
};

export type RuleViolation = { code: ErrorCode; field: string };

export type DonationRuleContext = {
  today: CalendarDate;
  /** Known categories: id and name (to find No Donation). */
  categories: { id: number; name: string }[];
  /** The add form rounds the total up before comparing; the server and the edit form need exactly 100. */
  roundTotalUp?: boolean;
  /** Pounds per banana box (BANANA_BOX_LBS on the server) for the upper bound; default 40. */
  bananaBoxLbs?: number;
};

export function categoriesTotalPercent(categories: { fraction: number }[]): number {
  return categories.reduce((sum, c) => sum + c.fraction * 100, 0);
}

/** The donation rules (docs/product.md, The donation form); the first violation per field, in form order. */
export function checkDonationRules(input: DonationRuleInput, ctx: DonationRuleContext): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const date = parseCalendarDate(input.date);
  if (!date) violations.push({ code: 'VALIDATION_DATE_FORMAT', field: 'date' });
  // "today" is the app's time zone on the server (APP_TIME_ZONE, injected clock), the device's in the form.
  else if (compareCalendarDates(date, ctx.today) > 0) violations.push({ code: 'VALIDATION_DATE_FUTURE', field: 'date' });
  else if (isClosedForReporting(date, ctx.today)) {
    violations.push({
      code: date.year === ctx.today.year - 1 ? 'VALIDATION_DATE_PREVIOUS_YEAR' : 'VALIDATION_DATE',
      field: 'date',
    });
  }
  if (!input.storeId) violations.push({ code: 'VALIDATION_STORE', field: 'storeId' });
  if (!(SOURCES as readonly number[]).includes(input.source)) violations.push({ code: 'VALIDATION_SOURCE', field: 'source' });
  if (!(WEIGHT_UNITS as readonly number[]).includes(input.weightUnit)) violations.push({ code: 'VALIDATION_UNIT', field: 'weightUnit' });

  const known = new Map(ctx.categories.map((c) => [c.id, c]));
  const seen = new Set<number>();
  let categoriesOk = true;
  for (const c of input.categories) {
    if (!known.has(c.categoryId) || seen.has(c.categoryId)) {
      violations.push({ code: 'VALIDATION_CATEGORY', field: 'categories' });
      categoriesOk = false;
      break;
    }
    seen.add(c.categoryId);
    if (!(c.fraction >= 0 && c.fraction <= 1) || !isWholePercent(c.fraction)) categoriesOk = false;
  }
  const total = categoriesTotalPercent(input.categories);
  const roundedTotal = ctx.roundTotalUp ? Math.ceil(total - 1e-9) : Math.round(total * 1e6) / 1e6;
  if (categoriesOk && roundedTotal !== 100) categoriesOk = false;
  if (!categoriesOk && !violations.some((v) => v.field === 'categories')) {
    violations.push({ code: 'VALIDATION_CATEGORIES', field: 'categories' });
  }

  const noDonation = ctx.categories.find((c) => c.name === NO_DONATION);
  const noDonationShare = noDonation ? (input.categories.find((c) => c.categoryId === noDonation.id)?.fraction ?? 0) : 0;
  const allNoDonation = toPercent(noDonationShare) === 100;
  const w = input.weight;
  // Above 0 is not enough: 1e-300 lb was accepted, a weight nobody weighs and no figure can show.
  const weightOk = typeof w === 'number' && Number.isFinite(w) && w >= 0 && (allNoDonation ? w === 0 : w >= MIN_DONATION_WEIGHT) && w < 1e9;
  if (!weightOk) violations.push({ code: 'VALIDATION_WEIGHT', field: 'weight' });
  else if (
    (WEIGHT_UNITS as readonly number[]).includes(input.weightUnit) &&
    toPounds(w, input.weightUnit as WeightUnit, ctx.bananaBoxLbs ?? DEFAULT_BANANA_BOX_LBS) > MAX_DONATION_LBS
  ) {
    violations.push({ code: 'VALIDATION_WEIGHT_MAX', field: 'weight' });
  }
  return violations;
}
