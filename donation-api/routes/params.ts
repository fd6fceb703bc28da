import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorAnswerSchema } from '@/lib/domain/answers';
import { todayCalendarDate } from '@/lib/domain/dates';
import type { ApiEnv } from '../context';
import { UUID_PATTERN } from '@/lib/domain/uuid';
import type { WriteContext } from '../services/donations';

// Path and query parameters shared by the donation routes: malformed ones are a 400, never a database error.
export const uuidParam = z.string().regex(UUID_PATTERN, 'must be a UUID');
export const yearParam = z.coerce.number().int().min(1900).max(9999);
export const monthParam = z.coerce.number().int().min(1).max(12);

export const ErrorSchema = errorAnswerSchema.openapi('Error');
export const errorResponses = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'No valid token', content: { 'application/json': { schema: ErrorSchema } } },
  404: { description: 'Not one of the caller’s', content: { 'application/json': { schema: ErrorSchema } } },
} as const;
/** The 200 of a table download: CSV, or a real XLSX workbook (binary). */
export const tableFileResponse = (description: string) => ({
  description,
  content: {
    'text/csv': { schema: z.string() },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string().openapi({ format: 'binary' }) },
  },
});

/** Updates: a stale `version` is a conflict. */
export const updateResponses = {
  ...errorResponses,
  409: { description: 'Changed since it was read (DONATION_CONFLICT)', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

/**
 * Who writes and today's date in the configured time zone (the reporting-year rule depends on it). `reach` is the
 * branches this write may touch when it is wider than the caller's own (a program administrator's correction,
 * admitted by assertBranch / donationReach).
 */
export function writeContext(c: Context<ApiEnv>, reach?: string[]): WriteContext {
  const { config, now } = c.get('deps');
  const user = c.get('user');
  return {
    user: reach ? { ...user, branchIds: reach } : user,
    today: todayCalendarDate(now(), config.timeZone),
    bananaBoxLbs: config.bananaBoxLbs,
    reference: c.get('reference'),
  };
}
