import { randomUUID } from 'node:crypto';
import type { Role } from '@equip/domain/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetDefinitions, bundles, devices, notifications, orders } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import type { GuardedRoute } from './access.ts';

/**
 * The guard suite: walks EVERY registered /api and /bundle-api route (it grows with each new route)
 * and checks that
 * - without a token it answers 401;
 * - with a role the route does not allow it answers 403;
 * - an it-owner of organisation A who names organisation B's objects gets 404, never B's data;
 * - lists read by A never contain anything of B.
 * Request bodies and queries are generated from each route's own schema in the OpenAPI document, so
 * the requests pass validation and reach the tenant check.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  pattern?: string;
};

const ROLES: Role[] = ['regular', 'it-owner', 'equip-admin'];

/** A small valid value for a JSON schema; `uuid` fields get the given uuid. */
export function sampleOf(schema: JsonSchema | undefined, uuid: string, key = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sampleOf(variants.find((v) => v.type !== 'null') ?? variants[0], uuid, key);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, uuid, key) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        result[name] = sampleOf(schema.properties?.[name], uuid, name);
      return result;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items, uuid, key),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid') return uuid;
      if (schema.format === 'email' || /email/i.test(key))
        return `sample-${randomUUID().slice(0, 8)}@example.test`;
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T09:00:00.000Z';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.test';
      const length = Math.max(schema.minLength ?? 1, 6);
      return 'Sample'.padEnd(Math.min(length, schema.maxLength ?? length), 'x');
    }
    default:
      return undefined;
  }
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

describe('route guards on every route', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  const tokens = {} as Record<'A' | 'B', Record<Role, string>>;
  let bObjectUuids: string[] = [];
  let bMarkers: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    for (const side of ['A', 'B'] as const) {
      const org = await createOrganization(db, `Guard ${side} ${randomUUID().slice(0, 6)}`);
      tokens[side] = {} as Record<Role, string>;
      for (const role of ROLES) {
        const user = await createUser(db, {
          organizationUuid: org.uuid,
          role,
          email: `${role}-${side}-${randomUUID().slice(0, 6)}@guard.test`,
        });
        tokens[side][role] = await tokenFor(t.services, user);
        if (side === 'B') bObjectUuids.push(user.uuid);
        if (side === 'B') bMarkers.push(user.email, user.uuid);
      }
      if (side === 'B') {
        const [device] = await db
          .insert(devices)
          .values({
            organizationUuid: org.uuid,
            name: `B-device-${randomUUID()}`,
            type: 'COMPUTER',
            os: 'MACOS',
          })
          .returning();
        const [bundle] = await db
          .insert(bundles)
          .values({ organizationUuid: org.uuid, name: `B-bundle-${randomUUID()}` })
          .returning();
        const [asset] = await db
          .insert(assetDefinitions)
          .values({ organizationUuid: org.uuid, name: `B-asset-${randomUUID()}` })
          .returning();
        const [order] = await db.insert(orders).values({ organizationUuid: org.uuid }).returning();
        const [note] = await db
          .insert(notifications)
          .values({ organizationUuid: org.uuid, title: `B-note-${randomUUID()}` })
          .returning();
        bObjectUuids = [
          ...bObjectUuids,
          org.uuid,
          device!.uuid,
          bundle!.uuid,
          asset!.uuid,
          order!.uuid,
          note!.uuid,
        ];
        bMarkers = [...bMarkers, org.name, device!.name, bundle!.name, asset!.name, ...bObjectUuids];
      }
    }
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.app.close());

  const openApiPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');
  const operation = (route: GuardedRoute): Operation =>
    doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};

  function requestFor(route: GuardedRoute, uuid: string, token?: string) {
    const op = operation(route);
    const url = route.url.replace(/:(\w+)\??/g, uuid);
    const query = Object.fromEntries(
      (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => [p.name, String(sampleOf(p.schema, uuid, p.name))]),
    );
    const content = op.requestBody?.content ?? {};
    const headers: Record<string, string> = token ? bearer(token) : {};
    let payload: string | undefined;
    if (content['application/json']) {
      payload = JSON.stringify(sampleOf(content['application/json'].schema, uuid) ?? {});
      headers['content-type'] = 'application/json';
    } else if (content['text/csv'] || route.url.endsWith('/import')) {
      payload = `First Name,Last Name,Email\nSam,Sample,sam-${randomUUID().slice(0, 8)}@example.test\n`;
      headers['content-type'] = 'text/csv';
    }
    return t.app.inject({ method: route.method as 'GET', url, query, headers, payload });
  }

  const protectedRoutes = () => t.app.guardedRoutes.filter((r) => r.access !== 'public');

  it('covers every route of the OpenAPI document', () => {
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') || path.startsWith('/bundle-api/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    // The document itself is the one route it leaves out.
    const registered = t.app.guardedRoutes
      .filter((r) => r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(new Set(registered)).toEqual(new Set(documented));
    expect(protectedRoutes().length).toBeGreaterThan(10);
    console.info(`guard suite: ${t.app.guardedRoutes.length} routes, ${protectedRoutes().length} protected`);
  });

  it('answers 401 without a token', async () => {
    for (const route of protectedRoutes()) {
      const res = await requestFor(route, randomUUID());
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().errors[0].errorType).toBe('Unauthorized');
    }
  });

  it('answers 403 for a role the route does not allow', async () => {
    let checked = 0;
    for (const route of protectedRoutes()) {
      if (route.access === 'public') continue;
      for (const role of ROLES.filter(
        (r) => !(route.access as { roles: readonly Role[] }).roles.includes(r),
      )) {
        const res = await requestFor(route, randomUUID(), tokens.A[role]);
        expect(res.statusCode, `${role} → ${route.method} ${route.url}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("answers 404 when organisation A names organisation B's objects, and never shows B's data", async () => {
    let checked = 0;
    for (const route of protectedRoutes()) {
      const roles = (route.access as { roles: readonly Role[] }).roles;
      // Provider-admin-only routes are cross-organisation by design.
      if (!roles.includes('it-owner')) continue;
      const hasPathParams = route.url.includes(':');
      for (const uuid of hasPathParams ? [...bObjectUuids, randomUUID()] : [bObjectUuids[0]!]) {
        const res = await requestFor(route, uuid, tokens.A['it-owner']);
        const label = `${route.method} ${route.url} with ${uuid}`;
        if (hasPathParams) expect(res.statusCode, label).toBe(404);
        for (const marker of bMarkers)
          expect(res.body.includes(marker), `${label} leaks ${marker}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
