import { z } from 'zod';
import type { CalendarDate } from './dates';
import { PROVINCE_CODES } from './enums';
import { reportStatus, type ReportStatus } from './report-status';

// The program's oversight of the monthly reports: one schema per query and answer, shared by the API
// (validation, OpenAPI) and the screens (inferred types).

export const REPORT_STATUSES = ['submitted', 'pending', 'overdue', 'reopened'] as const satisfies readonly ReportStatus[];
export const OVERSIGHT_SORTS = ['name', 'province', 'status', 'front', 'back', 'donations', 'lastDonation', 'submittedAt'] as const;
export type OversightSort = (typeof OVERSIGHT_SORTS)[number];

const year = z.coerce.number().int().min(1900).max(9999);
const month = z.coerce.number().int().min(1).max(12);

/**
 * Rows per page of the program's month view: a program of 500 food banks is eleven pages, so one page's document
 * stays small on a phone, while the counts, the search and the export cover every food bank.
 */
export const OVERSIGHT_PAGE_SIZE = 50;
/** Rows per page of the program's year view: each row is twelve months, so half as many keep its page as light. */
export const YEAR_PAGE_SIZE = 25;

export const oversightQuerySchema = z.object({
  year,
  month,
  province: z.enum(PROVINCE_CODES).optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  /** Part of the branch name; accents and case do not matter. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(OVERSIGHT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type OversightQuery = z.infer<typeof oversightQuerySchema>;

export const oversightRowSchema = z.object({
  branchId: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** ISO instant of the submission, when submitted. */
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  frontStoreWeightInPounds: z.number(),
  backStoreWeightInPounds: z.number(),
  donations: z.number().int(),
  /** Calendar date (YYYY-MM-DD) of the month's last donation. */
  lastDonation: z.string().nullable(),
  comments: z.string().nullable(),
  /** Whether a reminder can be sent: not submitted, the branch still active, someone to receive it. */
  canRemind: z.boolean(),
  /**
   * Why a month not submitted cannot be reminded, so the screen can say it: the branch is deactivated, or none of its
   * users is enabled, has an e-mail address and gets reminders. Null when it can be reminded or is submitted.
   */
  remindBlocked: z.enum(['inactive', 'noRecipient']).nullable(),
  /** ISO instant of the newest reminder of this month sent to the branch (by hand or by the schedule). */
  remindedAt: z.string().nullable(),
});
export type OversightRow = z.infer<typeof oversightRowSchema>;

export const statusCountsSchema = z.object({
  submitted: z.number(),
  pending: z.number(),
  overdue: z.number(),
  reopened: z.number(),
  total: z.number(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const oversightAnswerSchema = z.object({
  year: z.number(),
  month: z.number(),
  /** Per status, over the branches in scope that match the province and the search (before the status filter). */
  counts: statusCountsSchema,
  rows: z.array(oversightRowSchema),
});
export type OversightAnswer = z.infer<typeof oversightAnswerSchema>;

export const yearQuerySchema = z.object({ year, province: z.enum(PROVINCE_CODES).optional() });
export const yearRowSchema = z.object({
  branchId: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  /** Calendar date (YYYY-MM-DD, app time zone) the branch was deactivated on, if it was. */
  deactivatedOn: z.string().nullable(),
  /** Twelve entries, January first; null for a month the branch does not owe (owesMonth) or that has not begun. */
  months: z.array(z.enum(REPORT_STATUSES).nullable()),
});
export const yearAnswerSchema = z.object({ year: z.number(), rows: z.array(yearRowSchema) });
export type YearAnswer = z.infer<typeof yearAnswerSchema>;

/** Last month, the default month of the oversight view (its report is the one being chased). */
export function lastMonth(today: CalendarDate): { year: number; month: number } {
  return today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
}

/** A month's status on the oversight screens (docs/rules.md, Report status); null for a month that has not begun. */
export function oversightStatus(
  year: number,
  month: number,
  submitted: boolean,
  today: CalendarDate,
  reopenedOn?: string | null,
): ReportStatus | null {
  if (year * 12 + month > today.year * 12 + today.month) return null;
  return reportStatus(year, month, submitted, today, reopenedOn);
}

/** Case- and accent-insensitive form of a name, for the search. */
export function foldName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const STATUS_ORDER: Record<ReportStatus, number> = { overdue: 0, reopened: 1, pending: 2, submitted: 3 };

/** Filters (status after the counts), counts and sorts the rows of the month, as the API answers them. */
export function shapeOversight(rows: OversightRow[], query: OversightQuery): { counts: StatusCounts; rows: OversightRow[] } {
  const q = query.q ? foldName(query.q) : '';
  const matching = rows.filter((r) => (!query.province || r.province === query.province) && (!q || foldName(r.name).includes(q)));
  const counts = { submitted: 0, pending: 0, overdue: 0, reopened: 0, total: matching.length };
  for (const r of matching) counts[r.status]++;
  const shown = query.status ? matching.filter((r) => r.status === query.status) : matching;
  const sort = query.sort ?? 'name';
  const dir = query.order === 'desc' ? -1 : 1;
  const key = (r: OversightRow): string | number => {
    switch (sort) {
      case 'province':
        return r.province ?? '';
      case 'status':
        return STATUS_ORDER[r.status];
      case 'front':
        return r.frontStoreWeightInPounds;
      case 'back':
        return r.backStoreWeightInPounds;
      case 'donations':
        return r.donations;
      case 'lastDonation':
        return r.lastDonation ?? '';
      case 'submittedAt':
        return r.submittedAt ?? '';
      default:
        return foldName(r.name);
    }
  };
  const sorted = [...shown].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return c * dir || foldName(a.name).localeCompare(foldName(b.name));
  });
  return { counts, rows: sorted };
}
