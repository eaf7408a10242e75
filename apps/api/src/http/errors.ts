import type { ApiErrorEntry, ErrorLocation } from '@equip/domain/errors';
import { ErrorType } from '@equip/domain/errors';

/**
 * The one application error. Services throw it with the status and the spec's error fields; the error
 * handler turns it into `{ errors: [...] }`. Anything else that escapes is a 500 with no details.
 */
export class AppError extends Error {
  readonly status: number;
  readonly entries: ApiErrorEntry[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    entries: ApiErrorEntry | ApiErrorEntry[],
    headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(entries) ? entries : [entries];
    super(list[0]?.msg ?? 'Error');
    this.status = status;
    this.entries = list.map((e) => ({ errorCode: status, ...e }));
    this.headers = headers;
  }
}

type Detail = Partial<Omit<ApiErrorEntry, 'msg'>>;

export const badRequest = (msg: string, detail: Detail = {}) =>
  new AppError(400, { msg, errorType: ErrorType.ZodValidationError, ...detail });
export const unauthorized = (msg = 'Authentication required', detail: Detail = {}) =>
  new AppError(401, { msg, errorType: ErrorType.Unauthorized, ...detail });
export const forbidden = (msg = 'You are not allowed to do this', detail: Detail = {}) =>
  new AppError(403, { msg, errorType: ErrorType.Forbidden, ...detail });
export const notFound = (msg = 'Not found', detail: Detail = {}) =>
  new AppError(404, { msg, errorType: ErrorType.NotFound, ...detail });
export const conflict = (msg: string, detail: Detail = {}) =>
  new AppError(409, { msg, errorType: ErrorType.Conflict, ...detail });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    { msg: 'Too many attempts. Try again later.', errorType: ErrorType.TooManyRequests },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/** A field-level validation error, located like the spec's payload (location, param, path). */
export function fieldError(
  location: ErrorLocation,
  path: (string | number)[],
  msg: string,
  errorType: string = ErrorType.ZodValidationError,
): ApiErrorEntry {
  return { msg, location, param: path.join('.'), path, errorType, errorCode: 400 };
}
