import type { ApiErrorEntry } from '@equip/domain/errors';

/** An API answered with the spec's error payload; `errors` holds its entries, unwrapped. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
    /** From a `Retry-After` header (429, 503): seconds until the request may be repeated. */
    readonly retryAfterSeconds?: number,
  ) {
    super(errors.map((entry) => entry.msg).join('; ') || `Request failed with status ${status}`);
  }

  /** The first entry's error type (e.g. `EmailIsUsed`), when the server named one. */
  get errorType(): string | undefined {
    return this.errors.find((entry) => entry.errorType)?.errorType;
  }
}

/** An error response whose body is not the error payload (a proxy page, an empty 502 …). */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    /** The raw body: parsed JSON when it was JSON, otherwise the text. */
    readonly body: unknown,
  ) {
    super(`Request failed with status ${status}`);
  }
}
