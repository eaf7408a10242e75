import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type MockResponder = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function apiError(status: number, msg: string, errorType?: string, headers?: Record<string, string>) {
  return json(status, { errors: [{ msg, ...(errorType ? { errorType } : {}), errorCode: status }] }, headers);
}

/**
 * Stubs `fetch` with a table of `"METHOD /path"` → responder (a Response factory, or a value sent
 * as 200 JSON). Unknown requests answer 404. Every request is recorded (body parsed from JSON).
 */
export function mockApi(routes: Record<string, MockResponder | object>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`];
    if (route === undefined) return apiError(404, `No mock for ${method} ${path}`, 'NotFound');
    return typeof route === 'function' ? (route as MockResponder)(request) : json(200, route);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    requests,
    /** The recorded requests to one `"METHOD /path"`. */
    calls: (key: string) =>
      requests.filter((request) => `${request.method} ${request.url.split('?')[0]}` === key),
  };
}
