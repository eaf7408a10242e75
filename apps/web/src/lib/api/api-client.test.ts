import { describe, expect, it, vi } from 'vitest';
import { buildUrl, createApiClient, parseRetryAfter } from './api-client';
import { ApiError, HttpError } from './errors';

type Call = { url: string; init: RequestInit };

function fakeFetch(...responses: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('createApiClient', () => {
  it('attaches the bearer token from getAccessToken and reads JSON', async () => {
    const { fetch, calls } = fakeFetch(json(200, { uuid: 'u1' }));
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => 'token-1', fetch });
    await expect(client.get('/user/shared/auth/me')).resolves.toEqual({ uuid: 'u1' });
    expect(calls[0]?.url).toBe('/api/user/shared/auth/me');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer token-1');
    expect(headersOf(calls[0]).Accept).toBe('application/json');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const client = createApiClient({ baseUrl: '', getAccessToken: () => undefined, fetch });
    await client.get('/healthz');
    expect(calls[0]?.url).toBe('/healthz');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it('encodes bodies as JSON and query parameters (arrays repeated, empty ones left out)', async () => {
    const { fetch, calls } = fakeFetch(json(201, { ok: true }));
    const client = createApiClient({ baseUrl: '/bundle-api/', getAccessToken: () => 't', fetch });
    await client.post(
      '/bundles',
      { name: 'Design', employeeUuids: ['a'] },
      { query: { ids: ['1', '2'], q: null } },
    );
    expect(calls[0]?.url).toBe('/bundle-api/bundles?ids=1&ids=2');
    expect(calls[0]?.init.method).toBe('POST');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: 'Design', employeeUuids: ['a'] });
  });

  it('resolves undefined for an empty answer (204)', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => 't', fetch });
    await expect(client.delete('/things/1')).resolves.toBeUndefined();
  });

  it('unwraps an error payload into an ApiError with status and entries', async () => {
    const errors = [
      { msg: 'Email is used', errorType: 'EmailIsUsed', errorCode: 409, location: 'body', param: 'email' },
    ];
    const { fetch } = fakeFetch(json(409, { errors }));
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => 't', fetch });
    const error = await client.post('/users', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, errors, errorType: 'EmailIsUsed', message: 'Email is used' });
  });

  it('throws an HttpError with the raw body when the error body is not the payload', async () => {
    const { fetch } = fakeFetch(
      new Response('<html>Bad gateway</html>', { status: 502 }),
      json(500, { message: 'boom' }),
    );
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => 't', fetch });
    const html = await client.get('/a').catch((caught: unknown) => caught);
    expect(html).toBeInstanceOf(HttpError);
    expect(html).not.toBeInstanceOf(ApiError);
    expect(html).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(client.get('/b')).rejects.toMatchObject({ status: 500, body: { message: 'boom' } });
  });

  it('rethrows network failures as they are', async () => {
    const failure = new TypeError('Failed to fetch');
    const { fetch } = fakeFetch(failure);
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => 't', fetch });
    await expect(client.get('/a')).rejects.toBe(failure);
  });

  it('asks onUnauthorized after a 401 and retries once with the new token', async () => {
    let token = 'old';
    const { fetch, calls } = fakeFetch(
      json(401, { errors: [{ msg: 'Unauthorized' }] }),
      json(200, { ok: 1 }),
    );
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => token, onUnauthorized, fetch });
    await expect(client.get('/me')).resolves.toEqual({ ok: 1 });
    expect(onUnauthorized).toHaveBeenCalledWith({
      method: 'GET',
      url: '/api/me',
      token: 'old',
      startup: false,
    });
    expect(headersOf(calls[1]).Authorization).toBe('Bearer new');
  });

  it('surfaces the 401 when onUnauthorized declines', async () => {
    const { fetch, calls } = fakeFetch(json(401, { errors: [{ msg: 'Unauthorized' }] }));
    const client = createApiClient({
      baseUrl: '/api',
      getAccessToken: () => 't',
      onUnauthorized: async () => false,
      fetch,
    });
    await expect(client.get('/me')).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(calls).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  it('is read into the ApiError of a 429 (seconds or an HTTP date)', async () => {
    const { fetch } = fakeFetch(
      new Response(JSON.stringify({ errors: [{ msg: 'Too many attempts', errorType: 'TooManyRequests' }] }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '90' },
      }),
    );
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => undefined, fetch });
    await expect(client.post('/login', {})).rejects.toMatchObject({ status: 429, retryAfterSeconds: 90 });
    const now = Date.parse('2024-06-01T12:00:00Z');
    expect(parseRetryAfter('Sat, 01 Jun 2024 12:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('joins base and path with one slash', () => {
    expect(buildUrl('/api', 'x')).toBe('/api/x');
    expect(buildUrl('/api/', '/x')).toBe('/api/x');
    expect(buildUrl('', '/x', { a: 1, b: true, c: undefined })).toBe('/x?a=1&b=true');
  });
});
