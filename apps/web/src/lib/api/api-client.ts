import { connectivity } from '../connectivity';
import { ApiError, HttpError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>;

export interface RequestOptions {
  /** Sent as JSON; a Blob (a file) is sent as it is, with the Content-Type given in `headers`. */
  body?: unknown;
  /**
   * What sends the request instead of `fetch` (same contract), e.g. one that reports upload progress
   * (lib/csv-import/upload.ts). The client's 401 handling and error mapping stay the same.
   */
  transport?: typeof fetch;
  /** `blob`: a successful answer is read as a Blob (a downloaded file) instead of JSON or text. */
  responseType?: 'json' | 'blob';
  /** Appended to the URL; arrays become repeated parameters, null/undefined are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The request that settles an unclear session at start-up (the initial `me`): when the token
   * refresh after a 401 fails for another reason than a 401, the session is left as it is (SPEC §8).
   */
  startup?: boolean;
}

/** What a request that answered 401 gets to know when asking whether to try again. */
export interface UnauthorizedContext {
  method: HttpMethod;
  url: string;
  /** The access token the request was sent with (undefined: none). */
  token: string | undefined;
  /** See `RequestOptions.startup`. */
  startup: boolean;
}

export interface ApiClientOptions {
  /** Prefix of every path, e.g. `/api`; `''` for the same-origin web-app API. */
  baseUrl: string;
  /** The bearer token to attach; read anew for every request (and again for a retry). */
  getAccessToken: () => string | undefined;
  /**
   * Called when a request answers 401. Resolve `true` to send the request once more (with a
   * refreshed token), `false` to let the 401 surface as an error. The platform and bundle clients
   * share one implementation, so concurrent 401s wait on one refresh.
   */
  onUnauthorized?: (context: UnauthorizedContext) => Promise<boolean>;
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** `Retry-After` as seconds (it may be a number of seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** What a proxy or load balancer answers when the API behind it is down. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);
const isApiJson = (response: Response) =>
  response.headers.get('content-type')?.includes('application/json') === true;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A JSON client for one of the three APIs (SPEC §7). It attaches `Authorization: Bearer <token>`,
 * sends and reads JSON, and turns error answers into an `ApiError` (spec error payload, unwrapped)
 * or an `HttpError` (anything else). Network failures are rethrown as they are, and reported to
 * `connectivity` (as are gateway failures and every answer that came through).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getAccessToken, onUnauthorized } = options;

  async function send(
    method: HttpMethod,
    url: string,
    init: RequestOptions,
    token: string | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const raw = typeof Blob !== 'undefined' && init.body instanceof Blob;
    if (init.body !== undefined && !raw) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const doFetch = init.transport ?? options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : raw ? (init.body as Blob) : JSON.stringify(init.body),
        signal: init.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      // A network failure (a TypeError); an abort is the caller's own doing.
      if (!(error instanceof DOMException && error.name === 'AbortError')) connectivity.reportUnreachable();
      throw error;
    }
    const gateway = GATEWAY_FAILURES.has(response.status) && !isApiJson(response);
    if (gateway) connectivity.reportUnreachable();
    else connectivity.reportReachable();
    return response;
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const url = buildUrl(baseUrl, path, init.query);
    const token = getAccessToken();
    let response = await send(method, url, init, token);
    if (
      response.status === 401 &&
      onUnauthorized &&
      (await onUnauthorized({ method, url, token, startup: init.startup === true }))
    ) {
      response = await send(method, url, init, getAccessToken());
    }
    if (response.ok && init.responseType === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (!response.ok) {
      // The payload's schema (zod) loads with the first error answer, not with the sign-in page (issue 9).
      const { isApiErrorPayload } = await import('@equip/domain/errors');
      if (isApiErrorPayload(body)) {
        const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
        throw new ApiError(response.status, body.errors, retryAfter);
      }
      throw new HttpError(response.status, body);
    }
    return body as T;
  }

  return {
    baseUrl,
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, init) => request('DELETE', path, init),
  };
}
