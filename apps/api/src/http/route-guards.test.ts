import { randomUUID } from 'node:crypto';
import { grantableRoles } from '@equip/domain/access';
import type { Role } from '@equip/domain/identity';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetDefinitions,
  bundles,
  devices,
  notifications,
  orders,
  PROVIDER_ORGANIZATION_UUID,
  webhookEndpoints,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import type { GuardedRoute } from './access.ts';
import { MAX_JSON_DEPTH, MAX_PATH_PARAMETER_LENGTH } from './request-hygiene.ts';

/**
 * The guard suite: walks EVERY registered /api and /bundle-api route (it grows with each new route)
 * and checks that
 * - without a token it answers 401;
 * - with a role the route does not allow it answers 403;
 * - an it-owner of organisation A who names organisation B's objects gets 404, never B's data;
 * - lists read by A never contain anything of B;
 * - the request's bounds and the framework's errors (issue 24): a JSON body nested 100,000 deep, a
 *   crafted cursor, an over-long or badly encoded path parameter each answer in the error payload.
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

/** A route behind an access token (or public); the SCIM routes take their own tokens and are walked apart. */
type TokenRoute = GuardedRoute & { access: 'public' | { roles: readonly Role[] } };
const isTokenRoute = (route: GuardedRoute): route is TokenRoute => route.access !== 'scim-token';

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
  const orgs = {} as Record<'A' | 'B', string>;
  let bObjectUuids: string[] = [];
  let bMarkers: string[] = [];
  /** Objects of A that routes with path parameters can name (to reach a list behind one). */
  const aObjectUuids: string[] = [];

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
        // Provider admins live outside every organisation and act for this side's.
        tokens[side][role] = await tokenFor(t.services, user, org.uuid);
        orgs[side] = org.uuid;
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
          .values({
            organizationUuid: org.uuid,
            kind: 'employees.imported',
            params: { count: 1, fileName: `B-note-${randomUUID()}` },
          })
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
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ organizationUuid: orgs.A, url: 'https://a.example', eventTypes: [], secretCiphertext: 'x' })
      .returning();
    aObjectUuids.push(endpoint!.uuid);
    // A device of A: its software list pages by cursor too (decision 026).
    const [aDevice] = await db
      .insert(devices)
      .values({ organizationUuid: orgs.A, name: 'A-device', type: 'COMPUTER', os: 'MACOS' })
      .returning();
    aObjectUuids.push(aDevice!.uuid);
    // A bundle of A: its people are a list paged by cursor (decision 028).
    const [aBundle] = await db
      .insert(bundles)
      .values({ organizationUuid: orgs.A, name: 'A-bundle' })
      .returning();
    aObjectUuids.push(aBundle!.uuid);
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.app.close());

  const openApiPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');
  const operation = (route: GuardedRoute): Operation =>
    doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};

  interface Variation {
    /** Changes the generated JSON body. */
    body?: (body: unknown) => unknown;
    /** Sent instead of the generated JSON body, as it is. */
    payload?: string;
    /** Query parameters to add or replace. */
    query?: Record<string, string>;
  }

  function requestFor(route: GuardedRoute, uuid: string, token?: string, variation: Variation = {}) {
    const op = operation(route);
    const url = route.url.replace(/:(\w+)\??/g, uuid);
    const query = {
      ...Object.fromEntries(
        (op.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => [p.name, String(sampleOf(p.schema, uuid, p.name))]),
      ),
      ...variation.query,
    };
    const content = op.requestBody?.content ?? {};
    const headers: Record<string, string> = token ? bearer(token) : {};
    let payload: string | undefined;
    if (content['application/json']) {
      const body = sampleOf(content['application/json'].schema, uuid) ?? {};
      payload = variation.payload ?? JSON.stringify(variation.body ? variation.body(body) : body);
      headers['content-type'] = 'application/json';
    } else if (content['text/csv'] || route.url.endsWith('/import')) {
      payload = `First Name,Last Name,Email\nSam,Sample,sam-${randomUUID().slice(0, 8)}@example.test\n`;
      headers['content-type'] = 'text/csv';
    }
    return t.app.inject({ method: route.method as 'GET', url, query, headers, payload });
  }

  const tokenRoutes = () => t.app.guardedRoutes.filter(isTokenRoute);
  const protectedRoutes = () => tokenRoutes().filter((r) => r.access !== 'public');

  it('covers every route of the OpenAPI document', () => {
    const documented = Object.entries(doc.paths)
      .filter(([path]) => ['/api/', '/bundle-api/', '/scim/'].some((prefix) => path.startsWith(prefix)))
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

  /** Paths (with '*' for array items) of every property the schema names `name`. */
  function fieldPaths(schema: JsonSchema | undefined, name: string, at: string[] = []): string[][] {
    if (!schema) return [];
    const found: string[][] = [];
    for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      found.push(...fieldPaths(variant, name, at));
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      if (key === name) found.push([...at, key]);
      found.push(...fieldPaths(child, name, [...at, key]));
    }
    if (schema.items) found.push(...fieldPaths(schema.items, name, [...at, '*']));
    return found;
  }

  /** A copy of `value` with `path` set to `leaf` (every array item for '*'). */
  function setAt(value: unknown, path: string[], leaf: unknown): unknown {
    if (path.length === 0) return leaf;
    const [head, ...rest] = path;
    if (head === '*') return (Array.isArray(value) ? value : [{}]).map((item) => setAt(item, rest, leaf));
    const object = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    return { ...object, [head!]: setAt(object[head!], rest, leaf) };
  }

  /** String leaves of a generated body, as paths. */
  function stringPaths(value: unknown, at: string[] = []): string[][] {
    if (typeof value === 'string') return [at];
    if (Array.isArray(value))
      return value.flatMap((item, index) => stringPaths(item, [...at, String(index)]));
    if (value !== null && typeof value === 'object')
      return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
    return [];
  }

  const jsonBodySchema = (route: GuardedRoute) =>
    operation(route).requestBody?.content['application/json']?.schema;
  const rolesOf = (route: TokenRoute): readonly Role[] =>
    route.access === 'public' ? ROLES : route.access.roles;

  async function writesOfA(): Promise<number> {
    const { rows } = (await t.services.database.db.execute(
      sql`select (select count(*) from users where organization_uuid = ${orgs.A})
               + (select count(*) from event_log where organization_uuid = ${orgs.A}) as n`,
    )) as unknown as { rows: { n: string | number }[] };
    return Number(rows[0]!.n);
  }

  it('refuses, on every route, each role and organisation a caller may not set, writing nothing', async () => {
    let checked = 0;
    for (const route of protectedRoutes()) {
      const schema = jsonBodySchema(route);
      const rolePaths = fieldPaths(schema, 'role');
      const orgPaths = [
        ...fieldPaths(schema, 'organizationUuid'),
        ...fieldPaths(schema, 'organization_uuid'),
      ];
      if (rolePaths.length + orgPaths.length === 0) continue;
      for (const role of rolesOf(route)) {
        const actor = { role };
        const forbiddenRoles = ROLES.filter((r) => !grantableRoles(actor).includes(r as 'regular'));
        // Provider admins may act for any organisation but never for the provider's own.
        const forbiddenOrgs = role === 'equip-admin' ? [PROVIDER_ORGANIZATION_UUID] : [orgs.B];
        const attempts = [
          ...rolePaths.flatMap((path) => forbiddenRoles.map((value) => ({ path, value }))),
          ...orgPaths.flatMap((path) => forbiddenOrgs.map((value) => ({ path, value }))),
        ];
        for (const { path, value } of attempts) {
          const before = await writesOfA();
          const res = await requestFor(route, randomUUID(), tokens.A[role], {
            body: (body) => setAt(body, path, value),
          });
          const label = `${role} → ${route.method} ${route.url} with ${path.join('.')}=${value}`;
          expect([403, 404], label).toContain(res.statusCode);
          expect(await writesOfA(), `${label} wrote`).toBe(before);
          checked++;
        }
      }
    }
    // POST /api/employees, POST /api/employees/bulk, PATCH /api/employees/:uuid and act-as at least.
    expect(checked).toBeGreaterThanOrEqual(7);
    console.info(`guard suite: ${checked} forbidden role and organisation values tried`);
  });

  it('answers NUL in any string of any route with 400 at the field, never a 500', async () => {
    let checked = 0;
    for (const route of tokenRoutes().filter((r) => r.url !== '/api/openapi.json')) {
      const role = rolesOf(route)[route.access === 'public' ? 0 : 0]!;
      const token = route.access === 'public' ? undefined : tokens.A[role];
      const schema = jsonBodySchema(route);
      const sample = schema ? sampleOf(schema, randomUUID()) : undefined;
      for (const path of stringPaths(sample)) {
        const res = await requestFor(route, randomUUID(), token, {
          body: (body) => setAt(body, path, 'x\u0000y'),
        });
        expect(res.statusCode, `${route.method} ${route.url} body ${path.join('.')}`).toBe(400);
        checked++;
      }
      const queryParams = (operation(route).parameters ?? []).filter((p) => p.in === 'query');
      for (const param of queryParams) {
        const res = await requestFor(route, randomUUID(), token, { query: { [param.name]: 'x\u0000y' } });
        expect(res.statusCode, `${route.method} ${route.url} query ${param.name}`).toBe(400);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    console.info(`guard suite: NUL tried in ${checked} fields`);
  });

  /** A token of organisation A that the route admits (an it-owner where it may call), none if public. */
  const admittedToken = (route: TokenRoute) => {
    if (route.access === 'public') return undefined;
    const roles = route.access.roles;
    return tokens.A[roles.includes('it-owner') ? 'it-owner' : roles[0]!];
  };
  const apiRoutes = () => tokenRoutes().filter((r) => r.url !== '/api/openapi.json');
  const withPathParams = () => apiRoutes().filter((r) => r.url.includes(':'));

  it('answers a JSON body nested 100,000 deep with 400 in the error payload on every JSON route (issue 24)', async () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    let checked = 0;
    for (const route of apiRoutes().filter((r) => jsonBodySchema(r))) {
      const res = await requestFor(route, randomUUID(), admittedToken(route), { payload: deep });
      const label = `${route.method} ${route.url}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({
        errors: [
          {
            msg: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
            location: 'body',
            errorType: 'ZodValidationError',
            errorCode: 400,
          },
        ],
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    console.info(`guard suite: a body nested 100,000 deep refused on ${checked} JSON routes`);
  });

  it('answers an over-long or badly encoded path parameter in the error payload on every route with one (issue 24)', async () => {
    let checked = 0;
    for (const route of withPathParams()) {
      const label = `${route.method} ${route.url}`;
      const long = await requestFor(route, 'a'.repeat(MAX_PATH_PARAMETER_LENGTH + 1), admittedToken(route));
      expect(long.statusCode, label).toBe(414);
      expect(long.json().errors[0], label).toMatchObject({
        location: 'params',
        errorType: 'PayloadTooLarge',
        errorCode: 414,
      });
      const badlyEncoded = await requestFor(route, '%E0%A4%A', admittedToken(route));
      expect(badlyEncoded.statusCode, label).toBe(400);
      expect(badlyEncoded.json().errors[0], label).toMatchObject({
        location: 'params',
        errorType: 'ZodValidationError',
        errorCode: 400,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('answers a crafted cursor with 400 at the cursor on every route that pages by one (issue 24)', async () => {
    const cursorOf = (json: string) => Buffer.from(json).toString('base64url');
    // Values no sort column's kind admits, in any number: objects, nulls, arrays, Infinity, NUL.
    const junk = ['{}', 'null', '[1]', '1e400', '"a\\u0000b"'];
    const crafted = [
      '!!!!',
      cursorOf('not json'),
      cursorOf('{"a":1}'),
      cursorOf('[]'),
      // One to five values, each position taking another kind of junk (list-query.test.ts holds the
      // kinds one by one).
      ...[1, 2, 3, 4, 5].map((count) =>
        cursorOf(`[${Array.from({ length: count }, (_, at) => junk[(at + count) % junk.length]).join(',')}]`),
      ),
    ];
    let routes = 0;
    const ignoring: string[] = [];
    for (const route of apiRoutes()) {
      const params = (operation(route).parameters ?? []).filter((p) => p.in === 'query');
      if (!params.some((p) => p.name === 'cursor')) continue;
      const sortingKeys = params.find((p) => p.name === 'sortingKey')?.schema.enum ?? [];
      // Routes under an object (an endpoint's deliveries) name A's objects: one of them is the list's.
      const uuids = route.url.includes(':') ? aObjectUuids : [randomUUID()];
      let refused = 0;
      let ignored = 0;
      for (const uuid of uuids) {
        for (const [index, cursor] of crafted.entries()) {
          // Each sorting key gets a few of them; the default sort all.
          const sortingKey = sortingKeys[index % (sortingKeys.length + 1)];
          const query: Record<string, string> = {
            cursor,
            ...(sortingKey ? { sortingKey: String(sortingKey) } : {}),
          };
          const res = await requestFor(route, uuid, admittedToken(route), { query });
          const label = `${route.method} ${route.url} ${JSON.stringify(query)}`;
          if (res.statusCode === 404 && route.url.includes(':')) continue;
          if (res.statusCode === 200 && refused === 0) {
            // A route that takes the list's query but answers no page (an export) may ignore the cursor:
            // then it answers exactly what it answers without one. Two such answers tell.
            const { cursor: _, ...withoutCursor } = query;
            const plain = await requestFor(route, uuid, admittedToken(route), { query: withoutCursor });
            expect(res.body, `${label} is answered as if the cursor were valid`).toBe(plain.body);
            if (++ignored === 2) break;
            continue;
          }
          expect(res.statusCode, label).toBe(400);
          expect(res.json().errors[0], label).toMatchObject({
            location: 'query',
            param: 'cursor',
            errorType: 'ZodValidationError',
          });
          refused++;
        }
      }
      const label = `${route.method} ${route.url}`;
      if (ignored > 0) {
        expect(refused, `${label} refuses some cursors and ignores others`).toBe(0);
        ignoring.push(label);
        continue;
      }
      expect(refused, `${label} reached its list`).toBe(crafted.length);
      routes++;
    }
    expect(routes).toBeGreaterThanOrEqual(6);
    console.info(
      `guard suite: ${crafted.length} crafted cursors refused on each of ${routes} list routes; ignored by ${ignoring.join(', ')}`,
    );
  });

  describe('the SCIM routes (/scim/v2, decision 034): their own tokens, walked like every other prefix', () => {
    const scimTokens = {} as Record<'A' | 'B' | 'revoked', string>;
    const bScimIds: string[] = [];
    const bScimMarkers: string[] = [];
    const scimRoutes = () => t.app.guardedRoutes.filter((r) => r.access === 'scim-token');
    const scimRequest = (route: GuardedRoute, id: string, token: string | null, body?: unknown) =>
      t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':id', id),
        headers: {
          ...(token ? bearer(token) : {}),
          ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    const bodyFor = (route: GuardedRoute) =>
      route.method === 'POST' || route.method === 'PUT'
        ? route.url.includes('Groups')
          ? {
              schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
              displayName: `A-group-${randomUUID()}`,
            }
          : {
              schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
              userName: `a-${randomUUID().slice(0, 8)}@guard.test`,
            }
        : route.method === 'PATCH'
          ? {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
              Operations: [{ op: 'replace', path: 'displayName', value: 'Changed' }],
            }
          : undefined;

    beforeAll(async () => {
      const create = async (token: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/scim-tokens',
            headers: bearer(token),
            payload: { name: 'Guard' },
          })
        ).json() as { uuid: string; token: string };
      scimTokens.A = (await create(tokens.A['it-owner'])).token;
      scimTokens.B = (await create(tokens.B['it-owner'])).token;
      const revoked = await create(tokens.A['it-owner']);
      await t.app.inject({
        method: 'POST',
        url: `/api/scim-tokens/${revoked.uuid}/revoke`,
        headers: bearer(tokens.A['it-owner']),
      });
      scimTokens.revoked = revoked.token;
      const post = (url: string, body: unknown) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(scimTokens.B), 'content-type': 'application/scim+json' },
          payload: JSON.stringify(body),
        });
      const email = `b-scim-${randomUUID().slice(0, 8)}@guard.test`;
      const user = (
        await post('/scim/v2/Users', {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: email,
        })
      ).json() as { id: string };
      const group = (
        await post('/scim/v2/Groups', {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
          displayName: `B-group-${randomUUID()}`,
          members: [{ value: user.id }],
        })
      ).json() as { id: string; displayName: string };
      bScimIds.push(user.id, group.id);
      bScimMarkers.push(email, user.id, group.id, group.displayName);
    });

    it('answers 401 in SCIM’s error payload without a token, with an access token and with a revoked one, writing nothing', async () => {
      let checked = 0;
      for (const route of scimRoutes()) {
        for (const token of [null, tokens.A['it-owner'], tokens.A['equip-admin'], scimTokens.revoked]) {
          const before = await writesOfA();
          const res = await scimRequest(route, bScimIds[0]!, token, bodyFor(route));
          const label = `${route.method} ${route.url}`;
          expect(res.statusCode, label).toBe(401);
          expect(res.json(), label).toMatchObject({
            schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
            status: '401',
          });
          expect(await writesOfA(), `${label} wrote`).toBe(before);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(4 * 15);
    });

    it("answers 404 when A's SCIM token names B's users and groups, and A's lists never show B's", async () => {
      let checked = 0;
      for (const route of scimRoutes()) {
        const label = `${route.method} ${route.url}`;
        const ids = route.url.includes(':id') ? [...bScimIds, randomUUID()] : [''];
        for (const id of ids) {
          const res = await scimRequest(route, id, scimTokens.A, bodyFor(route));
          if (route.url.includes(':id')) expect(res.statusCode, `${label} with ${id}`).toBe(404);
          else expect(res.statusCode, label).toBeLessThan(300);
          for (const marker of bScimMarkers)
            expect(res.body.includes(marker), `${label} with ${id} leaks ${marker}`).toBe(false);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(20);
      // B's own token still sees them: the 404s above were the organisation's boundary, not a loss.
      const own = await t.app.inject({
        method: 'GET',
        url: `/scim/v2/Users/${bScimIds[0]}`,
        headers: bearer(scimTokens.B),
      });
      expect(own.statusCode).toBe(200);
    });

    it('answers NUL in a SCIM body with 400, writing nothing', async () => {
      const before = await writesOfA();
      const res = await t.app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { ...bearer(scimTokens.A), 'content-type': 'application/scim+json' },
        payload: JSON.stringify({ userName: 'x\u0000y@guard.test' }),
      });
      expect(res.statusCode).toBe(400);
      expect(await writesOfA()).toBe(before);
    });
  });
});
