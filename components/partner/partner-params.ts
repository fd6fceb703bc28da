import { PROVINCE_CODES, type ProvinceCode } from '@/lib/domain/enums';

// The partner screens keep their choices in the address (?from=2026-01&to=2026-10&province=ON…), so a view can be
// shared and bookmarked; a malformed value is left out (the API then uses its default) rather than failing the page.

type SearchParams = { [key: string]: string | string[] | undefined };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const yearMonthOf = (v: string | string[] | undefined) => (YEAR_MONTH.test(one(v) ?? '') ? one(v) : undefined);
export const uuidOf = (v: string | string[] | undefined) => (UUID.test(one(v) ?? '') ? one(v) : undefined);

export type FigureFilters = { from?: string; to?: string; province?: ProvinceCode; bannerId?: string; storeId?: string };

/** The figures' filters as the address gives them, each one only when well formed. */
export function figureFilters(sp: SearchParams): FigureFilters {
  const province = one(sp.province);
  const filters: FigureFilters = {
    from: yearMonthOf(sp.from),
    to: yearMonthOf(sp.to),
    province: (PROVINCE_CODES as readonly string[]).includes(province ?? '') ? (province as ProvinceCode) : undefined,
    bannerId: uuidOf(sp.bannerId),
    storeId: uuidOf(sp.storeId),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as FigureFilters;
}

/** A query string of the given values, leaving out the empty ones. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** '2026-10' → { year: 2026, month: 10 }. */
export function splitMonth(ym: string): { year: number; month: number } {
  return { year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) };
}

/** How many months from `from` to `to`, both counted ('2026-01' to '2026-03' is 3; 0 or less when `to` comes first). */
export function monthsFromTo(from: string, to: string): number {
  const a = splitMonth(from);
  const b = splitMonth(to);
  return (b.year - a.year) * 12 + b.month - a.month + 1;
}

/** A store as the store picker names it: "Banner – Name #number" (one chain's stores share names across banners). */
export const storeOptionLabel = (s: { name: string; number: string | null; banner: string | null }) =>
  `${s.banner ? `${s.banner} – ` : ''}${s.name}${s.number ? ` #${s.number}` : ''}`;
