import { todayCalendarDate } from '@/lib/domain/dates';
import { RELIABILITY_GROUPS, type ReliabilityGroup } from '@/lib/domain/pickup-reliability';
import { lastMonth } from '@/lib/domain/program-oversight';
import type { SearchParams } from './search-params';

// /program/reliability keeps its choices in the address: ?period=2026-05 (a month) or 2026-Q2 (a quarter), and
// ?group=branch|store|retailer|province. Anything malformed falls back to last month by food bank.

export type ReliabilityPeriod = { year: number; month?: number; quarter?: number };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

export function reliabilityPeriodParam(sp: SearchParams, timeZone: string): ReliabilityPeriod {
  const v = one(sp.period) ?? '';
  const m = /^(\d{4})-(\d{2})$/.exec(v);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[1]) >= 2000) return { year: Number(m[1]), month: Number(m[2]) };
  const q = /^(\d{4})-Q([1-4])$/.exec(v);
  if (q && Number(q[1]) >= 2000) return { year: Number(q[1]), quarter: Number(q[2]) };
  return lastMonth(todayCalendarDate(new Date(), timeZone));
}

export function reliabilityGroupParam(sp: SearchParams): ReliabilityGroup {
  const g = one(sp.group);
  return (RELIABILITY_GROUPS as readonly string[]).includes(g ?? '') ? (g as ReliabilityGroup) : 'branch';
}

/** The address's value of a period: 2026-05 or 2026-Q2. */
export const periodValue = (p: ReliabilityPeriod) =>
  p.month ? `${p.year}-${String(p.month).padStart(2, '0')}` : `${p.year}-Q${p.quarter ?? 1}`;

/** How far back the list of periods goes: as the program's month lists, five years. */
const YEARS_BACK = 5;

/** The periods the picker offers, newest first: quarters and months from January five years back to now. */
export function periodChoices(timeZone: string, chosen: ReliabilityPeriod) {
  const today = todayCalendarDate(new Date(), timeZone);
  const months: ReliabilityPeriod[] = [];
  for (let n = today.year * 12 + today.month - 1; n >= (today.year - YEARS_BACK) * 12; n--)
    months.push({ year: Math.floor(n / 12), month: (n % 12) + 1 });
  const quarters: ReliabilityPeriod[] = [];
  for (let n = today.year * 4 + Math.floor((today.month - 1) / 3); n >= (today.year - YEARS_BACK) * 4; n--)
    quarters.push({ year: Math.floor(n / 4), quarter: (n % 4) + 1 });
  // A period in the address outside the list stays chosen, at the top of its list.
  const list = chosen.month ? months : quarters;
  if (!list.some((p) => periodValue(p) === periodValue(chosen))) list.unshift(chosen);
  return { months, quarters };
}
