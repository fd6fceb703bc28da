import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { todayCalendarDate } from '../../lib/domain/dates';
import type { Lang } from './auth';

// Helpers of the donation specs: messages of both languages, the session, dates, API calls through the BFF.

type Messages = typeof import('../../messages/en.json');
const read = (lang: Lang): Messages => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'messages', `${lang}.json`), 'utf8'));
export const MESSAGES: Record<Lang, Messages> = { en: read('en'), fr: read('fr') };
export const LANGS: Lang[] = ['en', 'fr'];

/** Fills {placeholders} of a message the way next-intl does for plain arguments. */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/<\/?\w+>/g, '').replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? `{${k}}`));
}

/** A message as a regular expression, with each {placeholder} matching anything. */
export function pattern(message: string): RegExp {
  const parts = message
    .replace(/<\/?\w+>/g, '')
    .split(/\{\w+\}/)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

export type SessionUser = { id: string; branches: { branchId: string; branchName: string }[]; branchId: string; contactEmail: string };

export async function sessionUser(page: Page): Promise<SessionUser> {
  const res = await page.request.get('/api/auth/session');
  return (await res.json()).user;
}

export type Ym = { year: number; month: number };

/** The app's time zone: its today decides the open month and which dates are in the future. */
export const APP_TIME_ZONE = process.env.APP_TIME_ZONE || 'America/Toronto';

/** The month n months before the app's current month (its today in APP_TIME_ZONE, not the test machine's). */
export function monthsAgo(n: number, from = new Date()): Ym {
  const today = todayCalendarDate(from, APP_TIME_ZONE);
  const i = today.year * 12 + today.month - 1 - n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/**
 * Day `day` of a month, but never after the app's today: in the first days of a month, "the 3rd of this month" is
 * still in the future and the API refuses it (VALIDATION_DATE_FUTURE). Earlier months keep the day asked for.
 */
export function pastDay(year: number, month: number, day: number, now = new Date()): number {
  const today = todayCalendarDate(now, APP_TIME_ZONE);
  return year === today.year && month === today.month ? Math.min(day, today.day) : day;
}
export const pad = (n: number) => String(n).padStart(2, '0');
export const mmddyyyy = (y: number, m: number, d: number) => `${pad(m)}/${pad(pastDay(y, m, d))}/${y}`;

/** Mutating BFF calls need our own Origin (CSRF check). */
function origin(page: Page) {
  return new URL(page.url()).origin;
}

export async function bffJson<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string, body?: unknown): Promise<T> {
  const res = await page.request.fetch(`/bff${p}`, { method, data: body, headers: method === 'GET' ? {} : { origin: origin(page) } });
  expect(res.ok(), `${method} ${p}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type StoreRow = {
  id: string;
  name: string;
  displayName?: string;
  banner: { name: string } | null;
  retailer: { name: string } | null;
};

export async function stores(page: Page, branchId: string) {
  return bffJson<StoreRow[]>(page, 'GET', `/branch/${branchId}/stores`);
}

/** How many of the branch's donations of the month weigh `weight`: the one a test saved, when the weight is its own. */
export const rowsOfWeight = async (page: Page, branchId: string, ym: Ym, weight: number) =>
  (await bffJson<{ weight: number }[]>(page, 'GET', `/branch/${branchId}/donations/${ym.year}/${ym.month}`)).filter(
    (d) => d.weight === weight,
  ).length;

/** Adds a donation through the API (100 lbs, 60% produce, 40% dairy), to the RFP or to another program, and returns it. */
export async function addDonationByApi(page: Page, opts: { branchId: string; date: string; weight?: number; campaignId?: string }) {
  const base = opts.campaignId ? `/branch/${opts.branchId}/${opts.campaignId}` : `/branch/${opts.branchId}`;
  const [store] = await bffJson<StoreRow[]>(page, 'GET', `${base}/stores`);
  expect(store, `a store for ${base}`).toBeTruthy();
  return bffJson<{ id: string; campaignId: string; date: string }>(
    page,
    'POST',
    `${base}/${opts.campaignId ? 'campaigndonations' : 'donations'}`,
    {
      branchId: opts.branchId,
      date: opts.date,
      storeId: store!.id,
      source: 0,
      weight: opts.weight ?? 100,
      weightUnit: 1,
      categories: [
        { categoryId: 5, categoryName: 'Produce', fraction: 0.6 },
        { categoryId: 2, categoryName: 'Dairy', fraction: 0.4 },
      ],
    },
  );
}

/** The month whose 2-months-back report is submitted in the demo data, and an open one (the current month). */
export function demoMonths() {
  return { open: monthsAgo(0), previous: monthsAgo(1), submitted: monthsAgo(2) };
}

export function isoDay(ym: Ym, day: number) {
  return `${ym.year}-${pad(ym.month)}-${pad(pastDay(ym.year, ym.month, day))}`;
}

/** Waits until the staggered row animation is over (or there is none). */
export async function settle(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000 })
    .catch(() => undefined);
}

/** Chooses a branch in the header's Food Bank selector and waits until the session has it (retried: the page may still be hydrating). */
export async function chooseBranch(page: Page, branchId: string) {
  const select = page
    .getByRole('banner')
    .locator('select')
    .filter({ has: page.locator(`option[value="${branchId}"]`) })
    .first();
  await expect(async () => {
    await expect(select).toBeEnabled();
    if ((await sessionUser(page)).branchId !== branchId) await select.selectOption(branchId);
    await expect.poll(async () => (await sessionUser(page)).branchId, { timeout: 3_000 }).toBe(branchId);
  }).toPass({ timeout: 30_000 });
  await expect(select).toBeEnabled();
}
