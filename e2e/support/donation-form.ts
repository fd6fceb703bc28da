// Helpers of the specs that fill the donation form (donation-form-add-edit, donation-form-edge-cases, the offline specs,
// hardening-forms): the form's fields in either language, picking a store, filling a whole entry, the category names.
import { expect, type Page } from '@playwright/test';
import { MESSAGES, fill, type StoreRow } from './donations';
import type { Lang } from './auth';

export function form(page: Page, lang: Lang) {
  const t = MESSAGES[lang].DonationForm;
  return {
    t,
    err: MESSAGES[lang].Errors,
    date: page.getByLabel(t.date, { exact: true }),
    store: page.getByRole('combobox', { name: t.store }),
    source: page.getByLabel(t.source, { exact: true }),
    weight: page.getByLabel(t.weight, { exact: true }),
    unit: page.getByLabel(t.unit, { exact: true }),
    program: page.getByLabel(t.program, { exact: true }),
    box: (category: string) => page.getByLabel(fill(t.percentOf, { category }), { exact: true }),
    slider: (category: string) => page.getByRole('slider', { name: category, exact: true }),
    total: page.getByTestId('categories-total'),
    header: page.getByTestId('categories-header'),
    submit: page.getByRole('button', { name: t.addDonation }),
    save: page.getByRole('button', { name: t.save }),
  };
}

export const storeLabel = (s: StoreRow) => s.displayName ?? [s.retailer?.name, s.banner?.name, s.name].filter(Boolean).join(' - ');

/** Types part of the store's name into the searchable store field and picks it. */
export async function pickStore(page: Page, lang: Lang, store: StoreRow) {
  const input = form(page, lang).store;
  await input.click();
  await input.fill(store.name.split(/\s+/)[0]!);
  await page.getByRole('option', { name: storeLabel(store), exact: true }).click();
  await expect(input).toHaveValue(storeLabel(store));
}

/** Fills the add form: a store, a weight, 100% of one category (produce unless named), and a date when given. */
export async function fillDonation(page: Page, lang: Lang, opts: { store: StoreRow; weight: string; date?: string; category?: string }) {
  const f = form(page, lang);
  if (opts.date) await f.date.fill(opts.date);
  await pickStore(page, lang, opts.store);
  await f.weight.fill(opts.weight);
  await f.box(opts.category ?? CATS[lang].produce).fill('100');
}

export const CATS = {
  en: { meat: 'Meat & Seafood', dairy: 'Dairy', produce: 'Produce', none: 'No Donation', nonfood: 'Non-food items' },
  fr: {
    meat: 'Viandes et poissons',
    dairy: 'Produits laitiers',
    produce: 'Fruits et légumes',
    none: 'Aucun don',
    nonfood: 'Articles non alimentaires',
  },
};
