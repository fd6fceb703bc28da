// Helpers of the offline specs (offline-service-worker.spec.ts, offline-drafts.spec.ts): the add form's fields, filling it,
// and the saved donations of one weight in a month.
import type { Page } from '@playwright/test';
import { MESSAGES, bffJson, fill, type StoreRow } from './donations';
import type { Lang } from './auth';

export const storeLabel = (s: StoreRow) => s.displayName ?? [s.retailer?.name, s.banner?.name, s.name].filter(Boolean).join(' - ');

export function form(page: Page, lang: Lang) {
  const t = MESSAGES[lang].DonationForm;
  return {
    t,
    date: page.getByLabel(t.date, { exact: true }),
    store: page.getByRole('combobox', { name: t.store }),
    weight: page.getByLabel(t.weight, { exact: true }),
    box: (category: string) => page.getByLabel(fill(t.percentOf, { category }), { exact: true }),
    submit: page.getByRole('button', { name: t.addDonation }),
  };
}

/** Fills the add form: a store, a weight, 100% produce (and a date when given). */
export async function fillDonation(page: Page, lang: Lang, opts: { store: StoreRow; weight: string; date?: string }) {
  const f = form(page, lang);
  if (opts.date) await f.date.fill(opts.date);
  await f.store.click();
  await f.store.fill(opts.store.name.split(/\s+/)[0]);
  await page.getByRole('option', { name: storeLabel(opts.store), exact: true }).click();
  await f.weight.fill(opts.weight);
  await f.box(lang === 'fr' ? 'Fruits et légumes' : 'Produce').fill('100');
}

export const rowsOfWeight = async (page: Page, branchId: string, ym: { year: number; month: number }, weight: number) =>
  (await bffJson<{ weight: number }[]>(page, 'GET', `/branch/${branchId}/donations/${ym.year}/${ym.month}`)).filter(
    (d) => d.weight === weight,
  ).length;
