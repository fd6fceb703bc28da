import { todayCalendarDate } from '@/lib/domain/dates';
import { PROVINCE_CODES, type ProvinceCode } from '@/lib/domain/enums';
import { lastMonth, OVERSIGHT_SORTS, REPORT_STATUSES, type OversightSort } from '@/lib/domain/program-oversight';
import type { ReportStatus } from '@/lib/domain/report-status';

// The program screens keep their choices in the address (?month=2026-10&province=ON…), so a view can be shared,
// bookmarked and reached with Back; anything malformed falls back to the default instead of failing.

export type SearchParams = { [key: string]: string | string[] | undefined };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** ?month=YYYY-MM, by default last month (the report being chased). */
export function monthParam(sp: SearchParams, timeZone?: string): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(one(sp.month) ?? '');
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[1]) >= 1900) return { year: Number(m[1]), month: Number(m[2]) };
  return lastMonth(todayCalendarDate(new Date(), timeZone));
}

export function yearParam(sp: SearchParams, timeZone?: string): number {
  const y = one(sp.year);
  return y && /^\d{4}$/.test(y) && Number(y) >= 1900 ? Number(y) : todayCalendarDate(new Date(), timeZone).year;
}

export function provinceParam(sp: SearchParams): ProvinceCode | undefined {
  const p = one(sp.province);
  return (PROVINCE_CODES as readonly string[]).includes(p ?? '') ? (p as ProvinceCode) : undefined;
}

export function statusParam(sp: SearchParams): ReportStatus | undefined {
  const s = one(sp.status);
  return (REPORT_STATUSES as readonly string[]).includes(s ?? '') ? (s as ReportStatus) : undefined;
}

export function sortParam(sp: SearchParams): { sort: OversightSort; order: 'asc' | 'desc' } {
  const s = one(sp.sort);
  return {
    sort: (OVERSIGHT_SORTS as readonly string[]).includes(s ?? '') ? (s as OversightSort) : 'name',
    order: one(sp.order) === 'desc' ? 'desc' : 'asc',
  };
}

export function searchParam(sp: SearchParams): string {
  return (one(sp.q) ?? '').trim().slice(0, 100);
}

/** ?page=N of a long list, from 1; anything else is the first page (a page past the end shows the last). */
function pageParam(sp: SearchParams): number {
  const p = one(sp.page);
  return p && /^[1-9]\d{0,5}$/.test(p) ? Number(p) : 1;
}

/** The page of a long list that ?page= asks for (one past the end shows the last): its rows and where it stands. */
export function pageOf<T>(rows: readonly T[], sp: SearchParams, size: number): { page: number; pages: number; first: number; shown: T[] } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.min(pageParam(sp), pages);
  const first = (page - 1) * size;
  return { page, pages, first, shown: rows.slice(first, first + size) };
}

export const monthValue = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** A query string of the given values, leaving out the empty ones. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
