import { randomUUID } from 'node:crypto';
import { AuditLogPage, AuditLogQuery } from '@equip/domain/audit-log';
import { DeviceListQuery, DevicePage } from '@equip/domain/devices';
import { EmployeeListQuery, EmployeePage } from '@equip/domain/employees';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collated } from '../db/collation.ts';
import {
  bundleEmployees,
  bundles,
  devices,
  eventLog,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema/index.ts';
import { serializerCompiler } from '../http/serializer.ts';
import { auditLogList } from '../modules/audit-log/service.ts';
import { deviceList } from '../modules/devices/list.ts';
import { employeeList } from '../modules/employees/list.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import {
  DEFERRED_JOIN_FROM_OFFSET,
  defineList,
  dialect,
  enumLiteral,
  inEnum,
  type ListDefinition,
  type PageQuery,
  readJsonPage,
  readPage,
  registeredLists,
  sortValue,
} from './list-query.ts';

/** Columns no list may read: credentials and the search column. */
const NEVER_READ = /password_hash|totp_|recovery|search_text|token_hash|sso_client_secret/;

/** Why a list definition's projection does not match its response item, if it does not. */
export function projectionProblems(
  definition: { name: string; columns: object },
  item: z.ZodObject,
): string[] {
  const columns = Object.keys(definition.columns).sort();
  const fields = Object.keys(item.shape).sort();
  const problems: string[] = [];
  for (const column of columns)
    if (!fields.includes(column))
      problems.push(`${definition.name} reads ${column}, which its response does not return`);
  for (const field of fields)
    if (!columns.includes(field)) problems.push(`${definition.name} does not read ${field} of its response`);
  for (const [column, expression] of Object.entries(definition.columns)) {
    const text = dialect.sqlToQuery(expression).sql;
    // Whether a credential is set is no secret (a provider admin has a password or is invited).
    const read = text.replace(/"\w+"\."\w+" is (not )?null/g, '');
    if (NEVER_READ.test(read)) problems.push(`${definition.name}.${column} reads ${text}`);
  }
  return problems;
}

describe('enumeration values in a statement (decision 036)', () => {
  const statuses = ['active', 'in-stock', 'ordered'] as const;
  it('writes the values of the enumeration as literals, not parameters', () => {
    const query = dialect.sqlToQuery(inEnum(sql`d.status`, ['active', 'ordered'], statuses));
    expect(query).toEqual({ sql: "d.status in ('active', 'ordered')", params: [] });
    expect(dialect.sqlToQuery(inEnum(sql`d.status`, ['ordered'], statuses, true)).sql).toBe(
      "d.status not in ('ordered')",
    );
  });

  it('refuses a value outside the enumeration, or one that could leave the literal', () => {
    expect(() => enumLiteral('retired' as 'active', statuses)).toThrow('Not a value of the enumeration');
    const sneaky = ["x') or true --", 'x'] as const;
    expect(() => enumLiteral(sneaky[0], sneaky)).toThrow('Not a value of the enumeration');
  });
});

describe('the list machinery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('reads exactly the fields of each list response, never a secret or the search column', () => {
    // Building the app imported every module, and with them every list they declare.
    expect(registeredLists.length).toBeGreaterThanOrEqual(2);
    for (const { definition, item } of registeredLists)
      expect(projectionProblems(definition, item)).toEqual([]);
    // A planted violation: one column too many and a secret.
    const planted = {
      name: 'planted',
      columns: {
        uuid: sql`${users.uuid}`,
        hash: sql`${users.passwordHash}`,
        hasPassword: sql`(${users.passwordHash} is not null)`,
      },
    };
    expect(projectionProblems(planted, z.object({ uuid: z.string(), hasPassword: z.boolean() }))).toEqual([
      'planted reads hash, which its response does not return',
      'planted.hash reads "users"."password_hash"',
    ]);
  });

  it('pages by offset and by keyset cursor alike, with the filtered total, in the collation of names', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, `Lists ${randomUUID().slice(0, 6)}`);
    const names = [
      'Zimmermann',
      'Ågren',
      'Özdemir',
      'Łukasz',
      'Şahin',
      'adams',
      'van der Berg',
      'Agnes',
      'Ozturk',
      'Schmidt',
    ];
    await db.insert(users).values(
      names.map((lastName, i) => ({
        organizationUuid: org.uuid,
        email: `list-${i}-${randomUUID().slice(0, 6)}@lists.test`,
        firstName: 'Test',
        lastName,
      })),
    );
    const read = (query: Record<string, string>) =>
      readPage(
        t.services.database.reads,
        employeeList as ListDefinition<EmployeeListQuery, { lastName: string }, string>,
        org.uuid,
        EmployeeListQuery.parse(query),
      );
    const all = await read({ take: '50', sortingKey: 'name' });
    expect(all.total).toBe(names.length);
    expect(all.items.map((e) => e.lastName)).toEqual([
      'adams',
      'Agnes',
      'Ågren',
      'Łukasz',
      'Özdemir',
      'Ozturk',
      'Şahin',
      'Schmidt',
      'van der Berg',
      'Zimmermann',
    ]);
    // Three at a time, by cursor and by skip: the same rows, no overlap.
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await read({ take: '3', sortingKey: 'name', ...(cursor ? { cursor } : {}) });
      byCursor.push(...page.items.map((e) => e.lastName));
      expect(page.total).toBe(names.length);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(byCursor).toEqual(all.items.map((e) => e.lastName));
    const bySkip = await read({ take: '3', skip: '9', sortingKey: 'name', sortingDirection: 'desc' });
    expect(bySkip.items.map((e) => e.lastName)).toEqual(['adams']);
    // Past the end: no rows, still the total.
    expect(await read({ take: '3', skip: '30' })).toEqual({ items: [], total: names.length });
  });

  it('reads a deep page by offset (keys first, then the page) as the same rows as walking to it', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, `Deep ${randomUUID().slice(0, 6)}`);
    const count = DEFERRED_JOIN_FROM_OFFSET + 60;
    await db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        organizationUuid: org.uuid,
        email: `deep-${i}-${randomUUID().slice(0, 6)}@lists.test`,
        firstName: 'Deep',
        lastName: `Person ${String(i % 97).padStart(2, '0')}`,
        department: ['Sales', 'Engineering', null][i % 3],
      })),
    );
    const read = (query: Record<string, string>) =>
      readPage(
        t.services.database.reads,
        employeeList as ListDefinition<EmployeeListQuery, { uuid: string }, string>,
        org.uuid,
        EmployeeListQuery.parse({ sortingKey: 'department', ...query }),
      );
    const skip = DEFERRED_JOIN_FROM_OFFSET + 7;
    // Both ways, people without a department come last (a nullable sort is not read backwards).
    for (const sortingDirection of ['asc', 'desc']) {
      const walked: string[] = [];
      for (let from = 0; from < count; from += 100)
        walked.push(
          ...(await read({ take: '100', skip: String(from), sortingDirection })).items.map((e) => e.uuid),
        );
      expect(new Set(walked).size).toBe(count);
      const deep = await read({ take: '40', skip: String(skip), sortingDirection });
      expect(deep.total).toBe(count);
      expect(deep.items.map((e) => e.uuid)).toEqual(walked.slice(skip, skip + 40));
    }
  });

  it('writes the same page in the database (readJsonPage) as the serializer writes from the rows', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, `Json ${randomUUID().slice(0, 6)}`);
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          organizationUuid: org.uuid,
          email: `json-${i}-${randomUUID().slice(0, 6)}@lists.test`,
          firstName: `Jo "${i}"`,
          lastName: ['Ödegaard', 'Lee', 'Nguyễn', "O'Brien", 'Lee', 'Zhang', 'Ávila'][i]!,
          department: i % 2 ? 'Sales' : null,
          startDate: i % 3 ? '2026-01-15' : null,
          // Microseconds: the page must write milliseconds, as the serializer does.
          invitedAt: i % 2 ? null : sql`timestamptz '2026-11-23 10:00:00.123456+00'`,
        })),
      )
      .returning({ uuid: users.uuid });
    const [bundle] = await db
      .insert(bundles)
      .values({ organizationUuid: org.uuid, name: 'Kit \\ "one"' })
      .returning();
    await db
      .insert(bundleEmployees)
      .values({ organizationUuid: org.uuid, bundleUuid: bundle!.uuid, userUuid: people[0]!.uuid });
    await db.insert(devices).values(
      Array.from({ length: 9 }, (_, i) => ({
        organizationUuid: org.uuid,
        name: `MacBook ${i} "pro"`,
        // Handed out: staged devices are listed only with it-2447-show-staged-devices.
        status: 'active' as const,
        type: i % 3 ? ('COMPUTER' as const) : ('PHONE' as const),
        os: i % 3 ? ('MACOS' as const) : ('IOS' as const),
        location: i % 2 ? 'Berlin\nOffice' : null,
        isEncrypted: i % 2 === 0,
        lastSeenAt: i % 4 ? sql`now() - ${`${i} minutes 0.000789 seconds`}::interval` : null,
        ...(i % 2
          ? { assignedToUuid: people[i % 7]!.uuid, assignmentType: 'ASSIGNED' as const }
          : { assignmentType: 'UNASSIGNED' as const }),
      })),
    );
    const serializerFor = (schema: z.ZodType) =>
      serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as Parameters<
        typeof serializerCompiler
      >[0]);
    /**
     * The JSON page the database writes, held equal to what the serializer writes from the parsed rows
     * of `reference` (the list itself, or for searches the plain reference below).
     */
    const compare = async <TQuery extends PageQuery>(
      list: ListDefinition<TQuery, unknown, string>,
      page: z.ZodType,
      query: TQuery,
      reference: ListDefinition<TQuery, unknown, string> = list,
    ) => {
      const reads = t.services.database.reads;
      const expected = JSON.parse(serializerFor(page)(await readPage(reads, reference, org.uuid, query)));
      const written = JSON.parse(await readJsonPage(reads, list, org.uuid, query));
      expect(written, JSON.stringify(query)).toEqual(expected);
      return written as { items: unknown[]; total: number; nextCursor?: string };
    };
    /**
     * A list without its search: the pattern as a plain filter of the table (the ids the search function
     * matches), counted with the page — the reference a search's own pages (ListSearch) are held to.
     */
    const searchAsFilter = <TQuery extends PageQuery>(
      list: ListDefinition<TQuery, unknown, string>,
      matchIds: (pattern: string) => SQL,
    ): ListDefinition<TQuery, unknown, string> => {
      const pattern = (query: TQuery) => list.search?.pattern(query) ?? null;
      return {
        ...list,
        search: undefined,
        where: (query, organizationUuid) => {
          const text = pattern(query);
          return [
            ...list.where(query, organizationUuid),
            text ? sql`${list.tieBreaker} in (${matchIds(text)})` : undefined,
          ];
        },
        total: (query, organizationUuid) => (pattern(query) ? 'window' : list.total(query, organizationUuid)),
      };
    };
    const employees = employeeList as ListDefinition<EmployeeListQuery, unknown, string>;
    const deviceRows = deviceList as ListDefinition<DeviceListQuery, unknown, string>;
    for (const raw of [
      { take: '50' },
      { take: '3', sortingKey: 'name', sortingDirection: 'desc' },
      { take: '3', sortingKey: 'department' },
      { take: '2', skip: '4', sortingKey: 'startDate' },
      { take: '3', skip: '50' },
    ]) {
      const first = await compare(employees, EmployeePage, EmployeeListQuery.parse(raw));
      expect(first.items.length).toBe(Math.min(Number(raw.take), Math.max(0, 7 - Number(raw.skip ?? 0))));
      if (first.nextCursor)
        await compare(employees, EmployeePage, EmployeeListQuery.parse({ ...raw, cursor: first.nextCursor }));
    }
    const employeesFiltered = searchAsFilter(
      employees,
      (p) => sql`select uuid from equip_user_search_rows(${p})`,
    );
    const search = EmployeeListQuery.parse({ take: '50', textSearchQuery: 'lee' });
    expect((await compare(employees, EmployeePage, search, employeesFiltered)).total).toBe(2);
    // A search pages by cursor too, continuing after the last match (its total still all matches).
    const leePage = await compare(
      employees,
      EmployeePage,
      EmployeeListQuery.parse({ take: '1', textSearchQuery: 'lee' }),
      employeesFiltered,
    );
    expect(leePage).toMatchObject({ total: 2 });
    const nextLee = await compare(
      employees,
      EmployeePage,
      EmployeeListQuery.parse({ take: '1', textSearchQuery: 'lee', cursor: leePage.nextCursor }),
      employeesFiltered,
    );
    expect(nextLee.total).toBe(2);
    expect(nextLee.items).toHaveLength(1);
    expect(nextLee.items).not.toEqual(leePage.items);
    for (const raw of [
      { take: '50' },
      { take: '4', sortingKey: 'lastSeenAt', sortingDirection: 'desc' },
      { take: '4', sortingKey: 'name', deviceTypes: 'COMPUTER' },
      { take: '3', sortingKey: 'assignedTo', skip: '2' },
      { take: '3', skip: '40' },
    ]) {
      const first = await compare(deviceRows, DevicePage, DeviceListQuery.parse(raw));
      if (first.nextCursor)
        await compare(deviceRows, DevicePage, DeviceListQuery.parse({ ...raw, cursor: first.nextCursor }));
    }
    // The audit log: instants with microseconds and free-form data (nested objects, quotes, non-ASCII).
    await db.insert(eventLog).values(
      Array.from({ length: 5 }, (_, i) => ({
        organizationUuid: org.uuid,
        type: 'DEVICE_ADDED' as const,
        actorUuid: people[i]!.uuid,
        subjectUuid: i % 2 ? people[0]!.uuid : null,
        data: { name: `Gerät "${i}" — Ü`, nested: { count: i, list: [1, 'two', null] } },
        createdAt: sql`timestamptz '2026-11-23 10:00:00.987654+00' + ${`${i} seconds`}::interval`,
      })),
    );
    const audit = auditLogList as ListDefinition<AuditLogQuery, unknown, string>;
    const firstEvents = await compare(audit, AuditLogPage, AuditLogQuery.parse({ take: '3' }));
    await compare(audit, AuditLogPage, AuditLogQuery.parse({ take: '3', cursor: firstEvents.nextCursor }));
    const devicesFiltered = searchAsFilter(
      deviceRows,
      (p) => sql`select uuid from equip_device_search_rows(${p})`,
    );
    const devicesSearch = DeviceListQuery.parse({ take: '4', textSearchQuery: 'macbook' });
    const searched = await compare(deviceRows, DevicePage, devicesSearch, devicesFiltered);
    expect(searched).toMatchObject({ total: 9 });
    expect(searched.items).toHaveLength(4);
    // A search (by name: the narrower function) pages as the plain filter does, by skip and by cursor.
    for (const raw of [
      { take: '3', skip: '1', textSearchQuery: 'macbook', deviceTypes: 'COMPUTER', sortingDirection: 'desc' },
      { take: '3', textSearchQuery: 'pro', showOnlyUnencrypted: 'true', assignmentTypes: 'ASSIGNED' },
      { take: '3', textSearchQuery: 'macbook', sortingKey: 'lastSeenAt', sortingDirection: 'desc' },
      { take: '2', textSearchQuery: 'macbook', sortingKey: 'security' },
    ]) {
      const query = DeviceListQuery.parse(raw);
      const page = await compare(deviceRows, DevicePage, query, devicesFiltered);
      expect(page.items.length, JSON.stringify(raw)).toBeGreaterThan(0);
      if (page.nextCursor)
        await compare(
          deviceRows,
          DevicePage,
          DeviceListQuery.parse({ ...raw, cursor: page.nextCursor }),
          devicesFiltered,
        );
    }
    // Past the end of a search: no rows, and the total counted alone.
    expect(
      await compare(
        deviceRows,
        DevicePage,
        DeviceListQuery.parse({ take: '3', skip: '30', textSearchQuery: 'macbook' }),
        devicesFiltered,
      ),
    ).toEqual({ items: [], total: 9 });
  });

  it('refuses a cursor of another list or sort with a 400 at the cursor', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const owner = await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' });
    const headers = bearer(await tokenFor(t.services, owner));
    for (const url of [
      '/api/employees?cursor=not-a-cursor',
      // Sorting by department has empty values: it pages by skip only.
      `/api/employees?sortingKey=department&cursor=${Buffer.from('["a","b"]').toString('base64url')}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'query', param: 'cursor' });
    }
  });

  it('refuses crafted cursors by the sort values their list and sort hold, with 400 at the cursor (issue 24)', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, `Cursors ${randomUUID().slice(0, 6)}`);
    const owner = await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' });
    await createUser(db, { organizationUuid: org.uuid });
    const admin = await createUser(db, { organizationUuid: org.uuid, role: 'equip-admin' });
    const ownerHeaders = bearer(await tokenFor(t.services, owner));
    const adminHeaders = bearer(await tokenFor(t.services, admin, org.uuid));
    await db.insert(devices).values(
      ['One', 'Two'].map((name) => ({
        organizationUuid: org.uuid,
        name,
        type: 'COMPUTER' as const,
        os: 'MACOS' as const,
        status: 'active' as const,
      })),
    );
    await db.insert(eventLog).values(
      [0, 1].map(() => ({
        organizationUuid: org.uuid,
        type: 'DEVICE_ADDED' as const,
        actorUuid: owner.uuid,
      })),
    );
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        organizationUuid: org.uuid,
        url: 'https://example.test',
        eventTypes: [],
        secretCiphertext: 'x',
      })
      .returning();
    await db.insert(webhookDeliveries).values(
      [0, 1].map((i) => ({
        organizationUuid: org.uuid,
        endpointUuid: endpoint!.uuid,
        messageId: `msg_${i}`,
        eventType: 'test',
        payload: {},
      })),
    );
    const cursorOf = (json: string) => Buffer.from(json).toString('base64url');
    // Each list and sort with the kinds of its sort values, from a real first page's cursor.
    const lists = [
      { url: '/api/employees?', headers: ownerHeaders, kinds: ['text', 'text', 'uuid'] },
      {
        url: '/api/employees?sortingKey=devicesAssigned&',
        headers: ownerHeaders,
        kinds: ['integer', 'uuid'],
      },
      {
        url: '/api/devices?sortingKey=security&',
        headers: ownerHeaders,
        kinds: ['boolean', 'boolean', 'text', 'uuid'],
      },
      { url: '/api/audit-log?', headers: ownerHeaders, kinds: ['timestamp', 'uuid'] },
      {
        url: `/api/webhooks/${endpoint!.uuid}/deliveries?`,
        headers: ownerHeaders,
        kinds: ['timestamp', 'uuid'],
      },
      {
        url: '/api/admin/jobs/queues?sortingKey=failed&',
        headers: adminHeaders,
        kinds: ['integer', 'text', 'text'],
      },
    ];
    /** JSON texts of a value each kind refuses (and 1e400, which JSON reads as Infinity). */
    const wrong: Record<string, string[]> = {
      text: ['1', 'true', 'null', '{}', '["a"]', '"a\\u0000b"'],
      uuid: ['"not-a-uuid"', '"00000000-0000-4000-8000-00000000000g"', '1', 'null'],
      integer: ['"x"', '"1"', '1.5', '2147483648', '1e400', '-1e400', 'true', 'null'],
      boolean: ['"x"', '"true"', '1', 'null'],
      timestamp: [
        '"x"',
        '"2026-02-30T10:00:00+00:00"',
        '"2026-01-15T25:00:00+00:00"',
        '"2026-01-15"',
        '"0000-01-01T00:00:00+00:00"',
        `"${'9'.repeat(1_000)}-01-01T00:00:00Z"`,
        '1',
        'null',
      ],
    };
    for (const { url, headers, kinds } of lists) {
      const first = await t.app.inject({ method: 'GET', url: `${url}take=1`, headers });
      expect(first.statusCode, url).toBe(200);
      const genuine = first.json<{ nextCursor?: string }>().nextCursor;
      expect(genuine, `${url} has a next page`).toBeTruthy();
      const values = (JSON.parse(Buffer.from(genuine!, 'base64url').toString()) as unknown[]).map((v) =>
        JSON.stringify(v),
      );
      expect(values, url).toHaveLength(kinds.length);
      const crafted = [
        '!!!!',
        cursorOf('not json'),
        cursorOf('{"a":1}'),
        cursorOf('[]'),
        cursorOf(`[${values.slice(1).join(',')}]`),
        cursorOf(`[${[...values, '"extra"'].join(',')}]`),
        cursorOf(`[[${values.join(',')}]]`),
        // The genuine cursor in standard base64 with padding.
        `${Buffer.from(genuine!, 'base64url').toString('base64')}==`,
        ...kinds.flatMap((kind, at) =>
          wrong[kind]!.map((value) =>
            cursorOf(`[${values.map((v, i) => (i === at ? value : v)).join(',')}]`),
          ),
        ),
      ];
      for (const cursor of crafted) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}cursor=${encodeURIComponent(cursor)}`,
          headers,
        });
        const label = `${url} cursor ${Buffer.from(cursor, 'base64url').toString().slice(0, 80)}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json().errors[0], label).toMatchObject({
          location: 'query',
          param: 'cursor',
          errorType: 'ZodValidationError',
        });
      }
      const next = await t.app.inject({ method: 'GET', url: `${url}take=1&cursor=${genuine}`, headers });
      expect(next.statusCode, url).toBe(200);
    }
  });

  it('knows the kind of every keyset sort value, and refuses to define a sort whose kind it cannot tell', () => {
    const planted = (columns: SQL[]) =>
      defineList(z.object({ uuid: z.string() }), {
        name: 'planted.cursor',
        columns: { uuid: sql`${users.uuid}` },
        from: () => sql`${users}`,
        where: () => [],
        sorts: { planted: { columns, keyset: true } },
        tieBreaker: sql`${users.uuid}`,
        sortOf: () => ({ key: 'planted' as const, direction: 'asc' as const }),
        total: () => 'window' as const,
      });
    const before = registeredLists.length;
    // Columns, lower-cased or collated, tell their kind; a cast or raw SQL does not until declared.
    expect(() =>
      planted([collated(users.lastName), sql`lower(${users.email})`, sql`${users.startDate}`]),
    ).not.toThrow();
    expect(() => planted([sql`${users.lastName}::text`])).toThrow(/kind is unknown \(sort column 1\)/);
    expect(() => planted([sql.raw('q.failed')])).toThrow(/declare it with sortValue/);
    expect(() => planted([sortValue(sql.raw('q.failed'), 'integer')])).not.toThrow();
    expect(registeredLists.length).toBe(before + 2);
    registeredLists.splice(before);
  });

  it('lets the search use the trigram index', async () => {
    const db = t.services.database.db;
    // The pattern match of equip_user_search_rows, planned as if the table were large: the trigram index
    // answers it (the organisation's other indexes cannot).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = (await tx.execute(
        sql`explain select uuid from users where search_text like '%mar%'`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_search_trgm_idx');
  });
});
