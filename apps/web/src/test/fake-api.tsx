import { vi } from 'vitest';

/**
 * The API faked for the web's tests: `installFakeApi` stubs `fetch`, answers each request from a handler
 * or a table, and records the requests. `./render.tsx` renders (`renderRoute` the real route table,
 * `renderWithApp` an area's own routes, both the same way). An area's `test/harness.tsx`
 * adds its made-up records and handlers (`makeEmployee`, `devicesApi`).
 *
 * ```ts
 * const api = installFakeApi({ 'GET /organization/sso': { provider: null }, 'PUT /organization/sso': () => noContent() });
 * const api = installFakeApi((request) => (request.path === '/devices' ? { body: page } : undefined));
 * expect(api.calls('PUT /organization/sso').map((call) => call.body)).toEqual([…]);
 * ```
 */
export interface FakeRequest {
  method: string;
  /** The platform API's path without its `/api` prefix (`/devices/…`); other paths as they are. */
  path: string;
  query: URLSearchParams;
  /** The address as it was fetched. */
  url: string;
  headers: Record<string, string>;
  /** Parsed from JSON; other bodies (a file, form data) as sent. */
  body: unknown;
}
export type FakeResponse = { status?: number; body?: unknown; headers?: Record<string, string> };
type FakeAnswer = FakeResponse | Response | undefined;
/** Answers a request, or `undefined` for a 404. */
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;
/** `"METHOD /path"` (path as in `FakeRequest.path`, no query) → the answer, or a body sent as 200. */
export type FakeRoutes = Record<string, FakeHandler | object>;

/** A JSON answer with `status`. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, body, headers };
}

export function noContent(): FakeResponse {
  return { status: 204 };
}

/** The API's error payload (`{ errors: [{ msg, errorType, errorCode }] }`). */
export function apiError(
  status: number,
  msg: string,
  errorType?: string,
  headers?: Record<string, string>,
): FakeResponse {
  return json(status, { errors: [{ msg, ...(errorType ? { errorType } : {}), errorCode: status }] }, headers);
}

const keyOf = (request: FakeRequest) => `${request.method} ${request.path}`;

function fromRoutes(routes: FakeRoutes): FakeHandler {
  return (request) => {
    const route = routes[keyOf(request)];
    if (route === undefined) return undefined;
    return typeof route === 'function' ? (route as FakeHandler)(request) : { body: route };
  };
}

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(headers);
  return headers;
}

function parsedBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Answers `fetch` from `answer` (a handler or a table of routes); unknown requests get a 404. */
export function installFakeApi(answer: FakeHandler | FakeRoutes) {
  const handler = typeof answer === 'function' ? answer : fromRoutes(answer);
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api(?=\/)/, ''),
      query: parsed.searchParams,
      url,
      headers: headersOf(init.headers),
      body: parsedBody(init.body),
    };
    requests.push(request);
    const answered = await handler(request);
    if (answered instanceof Response) return answered;
    const {
      status = 200,
      body,
      headers = {},
    } = answered ?? apiError(404, `No fake for ${keyOf(request)}`, 'NotFound');
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    requests,
    /** The recorded requests to one `"METHOD /path"`. */
    calls: (key: string) => requests.filter((request) => keyOf(request) === key),
  };
}
