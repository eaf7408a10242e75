import type { ApiErrorPayload } from '@equip/domain/errors';
import { ApiErrorPayload as ApiErrorPayloadSchema } from '@equip/domain/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/app.ts';

describe('API skeleton', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A route that fails unexpectedly and one that validates, to exercise the error handler.
  });
  afterAll(() => t.app.close());

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('publishes an OpenAPI 3.1 document and a reference page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(Object.keys(doc.json().paths)).toContain('/healthz');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers unknown routes with 404 in the error payload', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    const body = ApiErrorPayloadSchema.parse(res.json());
    expect(body.errors[0]?.errorType).toBe('NotFound');
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});

describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  async function appWithProbeRoutes() {
    const { buildApp } = await import('./app.ts');
    const app = await buildApp(t.services, { logger: false });
    app.post(
      '/api/probe',
      {
        config: { access: 'public' },
        schema: { body: z.object({ name: z.string().min(2), count: z.number().int() }) },
      },
      async (request) => ({ ok: request.body.name }),
    );
    app.get(
      '/api/probe/shape',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.object({ name: z.string(), at: z.iso.datetime() }) } },
      },
      async () =>
        ({
          name: 'Ada',
          at: new Date('2026-01-02T03:04:05.000Z').toISOString(),
          passwordHash: 'secret-hash',
        }) as never,
    );
    app.get('/api/probe/crash', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    await app.ready();
    return app;
  }

  it('answers validation errors with 400, location, param and the spec messages', async () => {
    const app = await appWithProbeRoutes();
    const res = await app.inject({ method: 'POST', url: '/api/probe', payload: { count: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiErrorPayload;
    const name = body.errors.find((e) => e.param === 'name');
    const count = body.errors.find((e) => e.param === 'count');
    expect(name).toMatchObject({
      msg: 'Required',
      location: 'body',
      errorType: 'ZodValidationError',
      errorCode: 400,
    });
    expect(count).toMatchObject({ msg: 'Expected number, received string', location: 'body', value: 'x' });
    await app.close();
  });

  it('answers malformed JSON with 400 in the payload', async () => {
    const app = await appWithProbeRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorPayloadSchema.parse(res.json()).errors[0]?.msg).toBe('Body is not valid JSON');
    await app.close();
  });

  it('refuses bodies over the limit with 413', async () => {
    const app = await appWithProbeRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(ApiErrorPayloadSchema.parse(res.json()).errors[0]?.errorType).toBe('PayloadTooLarge');
    await app.close();
  });

  it('answers only the properties the response schema declares', async () => {
    const app = await appWithProbeRoutes();
    const res = await app.inject({ method: 'GET', url: '/api/probe/shape' });
    expect(res.json()).toEqual({ name: 'Ada', at: '2026-01-02T03:04:05.000Z' });
    expect(res.body).not.toContain('secret-hash');
    await app.close();
  });

  it('never leaks internals on 500', async () => {
    const app = await appWithProbeRoutes();
    const res = await app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret');
    const entry = ApiErrorPayloadSchema.parse(res.json()).errors[0];
    expect(entry?.errorType).toBe('InternalError');
    expect(entry?.msg).toContain(res.headers['x-request-id'] as string);
    await app.close();
  });

  it('refuses to register an API route that does not declare its access', async () => {
    const { buildApp } = await import('./app.ts');
    const app = await buildApp(t.services, { logger: false });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/must declare config.access/);
    await app.close();
  });
});
