import { z } from '@hono/zod-openapi';
import { errorAnswerSchema } from '@/lib/domain/answers';
import { UUID_PATTERN } from '@/lib/domain/uuid';

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
