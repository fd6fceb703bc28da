import { apiError, type ErrorCode } from '@/lib/domain/errors';

/** A refusal with a status and a stable code; the API's error handler turns it into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode,
    readonly field?: string,
    message?: string,
  ) {
    super(message ?? apiError(code).message);
  }
  body() {
    return this.field ? { code: this.code, message: this.message, field: this.field } : { code: this.code, message: this.message };
  }
}

export const notFound = () => new ApiError(404, 'NOT_FOUND');
export const badRequest = (code: ErrorCode, field?: string) => new ApiError(400, code, field);
