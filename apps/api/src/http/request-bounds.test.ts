import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from './request-hygiene.ts';

/**
 * Issue 24, bounded request work and framework errors: a body nested thousands deep cost seconds of
 * the event loop (and answered 500) before any route or limit ran; bad path encodings and over-long
 * path parameters were answered in Fastify's own shape. Each test here failed before the fix. The route
 * walk (route-guards.test.ts) repeats the deep body, bad encoding and long parameter on every route.
 */

const LOGIN = '/api/user/shared/auth/unprotected/login';
const nested = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describe('JSON nesting, scanned before parsing', () => {
  it('counts brackets outside strings only, escapes included, and stops at the first level past the limit', () => {
    expect(jsonNestingExceeds(nested(3), 3)).toBe(false);
    expect(jsonNestingExceeds(nested(4), 3)).toBe(true);
    expect(jsonNestingExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestingExceeds('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
    // Brackets in strings are text, also after escaped quotes and backslashes.
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestingExceeds(`{"a":"\\\\", "b": [[]]}`, 2)).toBe(true);
    expect(jsonNestingExceeds(`["\\\\\\"[[[", [1]]`, 2)).toBe(false);
    // Unbalanced text is the parser's to refuse; the scan only bounds the depth.
    expect(jsonNestingExceeds(']]]]{', 1)).toBe(false);
    expect(jsonNestingExceeds(nested(100_000), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('bounded request work (issue 24)', () => {
  let t: TestApp;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    const org = await createOrganization(db);
    ownerToken = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' }),
    );
  });
  afterAll(() => t.app.close());

  const postJson = (url: string, payload: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      payload,
    });

  const depthRefusal = {
    msg: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
    location: 'body',
    errorType: 'ZodValidationError',
    errorCode: 400,
  };

  it('answers a body nested 100,000 deep with 400 in the error payload, on a public route and a protected one', async () => {
    for (const levels of [2_000, 5_000, 100_000]) {
      const login = await postJson(LOGIN, `{"email":${nested(levels)}}`);
      expect(login.statusCode, `${levels} levels`).toBe(400);
      expect(login.json()).toEqual({ errors: [depthRefusal] });
      expect(login.headers['cache-control']).toBe('no-store');
      const create = await postJson('/api/employees', `{"firstName":${nested(levels)}}`, ownerToken);
      expect(create.statusCode, `${levels} levels`).toBe(400);
      expect(create.json()).toEqual({ errors: [depthRefusal] });
    }
  });

  it('lets the limit itself through to the route, and brackets inside strings are text', async () => {
    // One level for the object, the rest arrays: exactly the limit reaches the route's validation.
    const atLimit = await postJson(LOGIN, `{"email":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().errors[0]).toMatchObject({ location: 'body', param: 'email' });
    const past = await postJson(LOGIN, `{"email":${nested(MAX_JSON_DEPTH)}}`);
    expect(past.json()).toEqual({ errors: [depthRefusal] });
    const inText = await postJson(
      '/api/employees',
      // More brackets than the limit, within the names' 100 characters.
      JSON.stringify({ firstName: `"${'['.repeat(90)}`, lastName: '{'.repeat(90), email: 'x' }),
      ownerToken,
    );
    expect(inText.statusCode).toBe(400);
    expect(inText.json().errors).toEqual([expect.objectContaining({ param: 'email' })]);
  });

  it('parses query strings flat: brackets in a name nest nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/employees?${'a[b]'.repeat(500)}=x%00`,
      headers: bearer(ownerToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ location: 'query', path: ['a[b]'.repeat(500)] });
  });

  it('refuses a body over 1 MiB with 413 in the error payload, also one that only inflates past it', async () => {
    const res = await postJson(LOGIN, JSON.stringify({ email: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({ errorType: 'PayloadTooLarge', errorCode: 413 });
    // 50 KB of gzip that inflates to 50 MB: the limit counts what the body inflates to.
    const bomb = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'x'.repeat(50 * 1024 * 1024) })),
    });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().errors[0]).toMatchObject({ errorType: 'PayloadTooLarge', errorCode: 413 });
  });
});

describe('every framework error in the error payload (issue 24)', () => {
  let t: TestApp;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    const org = await createOrganization(db);
    ownerToken = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' }),
    );
  });
  afterAll(() => t.app.close());

  /** The error payload with the headers every API answer carries. */
  function expectPayload(res: Awaited<ReturnType<TestApp['app']['inject']>>, status: number, entry: object) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.json()).toEqual({ errors: [expect.objectContaining({ ...entry, errorCode: status })] });
  }

  it('answers a bad path encoding with 400, on a route and off every route', async () => {
    for (const url of ['/api/employees/%E0%A4%A', '/api/nowhere/%E0%A4%A', '/api/employees/%ZZ']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(ownerToken) });
      expectPayload(res, 400, {
        msg: 'The address is not valid URL encoding',
        location: 'params',
        errorType: 'ZodValidationError',
      });
    }
  });

  it('answers an over-long path parameter with 414', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/employees/${'a'.repeat(201)}`,
      headers: bearer(ownerToken),
    });
    expectPayload(res, 414, {
      msg: 'A path parameter is longer than 200 characters',
      location: 'params',
      errorType: 'PayloadTooLarge',
    });
    // Nothing of the long value is echoed.
    expect(res.body).not.toContain('a'.repeat(201));
  });

  it('answers an unsupported content type with 415, and a body shorter than its length with 400', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: { ...bearer(ownerToken), 'content-type': 'application/xml' },
      payload: '<employee/>',
    });
    expectPayload(xml, 415, { msg: 'Unsupported content type: application/xml', location: 'header' });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: { ...bearer(ownerToken), 'content-type': 'application/json', 'content-length': '100' },
      payload: '{}',
    });
    expectPayload(short, 400, { msg: 'The body is not as long as its Content-Length', location: 'header' });
    const encoding = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: { ...bearer(ownerToken), 'content-type': 'application/json', 'content-encoding': 'zip' },
      payload: '{}',
    });
    expectPayload(encoding, 415, { location: 'header' });
  });

  it('answers requests Node cannot parse (bad Content-Length, bad method, both lengths) with 400 in the payload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
    for (const request of [
      'POST /api/employees HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      'BREW /api/employees HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /api/employees HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ]) {
      const answer = await raw(request);
      expect(answer, request).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body.errors[0]).toMatchObject({ errorType: 'ZodValidationError', errorCode: 400 });
    }
  });
});
