import { randomUUID } from 'node:crypto';
import { AuditLogPage, AuditLogQuery } from '@equip/domain/audit-log';
import { DeviceListQuery, DevicePage } from '@equip/domain/devices';
import { EmployeeListQuery, EmployeePage } from '@equip/domain/employees';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleEmployees, bundles, devices, eventLog, users } from '../db/schema/index.ts';
import { serializerCompiler } from '../http/serializer.ts';
import { deviceList, searchPageStatement as deviceSearchPage } from '../modules/devices/list.ts';
import { employeeList, searchPageStatement as employeeSearchPage } from '../modules/employees/list.ts';
import { auditLogList } from '../modules/events/audit-log.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import {
  DEFERRED_JOIN_FROM_OFFSET,
  dialect,
  type ListDefinition,
  type PageQuery,
  readJsonPage,
  readPage,
  registeredLists,
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
    if (NEVER_READ.test(text)) problems.push(`${definition.name}.${column} reads ${text}`);
  }
  return problems;
}

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
      columns: { uuid: sql`${users.uuid}`, hash: sql`${users.passwordHash}` },
    };
    expect(projectionProblems(planted, z.object({ uuid: z.string() }))).toEqual([
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
    const walked: string[] = [];
    for (let skip = 0; skip < count; skip += 100)
      walked.push(...(await read({ take: '100', skip: String(skip) })).items.map((e) => e.uuid));
    expect(new Set(walked).size).toBe(count);
    const skip = DEFERRED_JOIN_FROM_OFFSET + 7;
    for (const sortingDirection of ['asc', 'desc']) {
      const deep = await read({ take: '40', skip: String(skip), sortingDirection });
      const expected = sortingDirection === 'asc' ? walked : [...walked].reverse();
      expect(deep.total).toBe(count);
      expect(deep.items.map((e) => e.uuid)).toEqual(expected.slice(skip, skip + 40));
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
    const compare = async <TQuery extends PageQuery>(
      list: ListDefinition<TQuery, unknown, string>,
      page: z.ZodType,
      query: TQuery,
      searchStatement?: Parameters<typeof readJsonPage>[4],
    ) => {
      const reads = t.services.database.reads;
      const expected = JSON.parse(serializerFor(page)(await readPage(reads, list, org.uuid, query)));
      // A search's own statement pages by skip only.
      if (searchStatement) delete expected.nextCursor;
      const written = JSON.parse(await readJsonPage(reads, list, org.uuid, query, searchStatement));
      expect(written, JSON.stringify(query)).toEqual(expected);
      return written as { items: unknown[]; total: number; nextCursor?: string };
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
    const search = EmployeeListQuery.parse({ take: '50', textSearchQuery: 'lee' });
    expect((await compare(employees, EmployeePage, search, employeeSearchPage(search))).total).toBe(2);
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
    const devicesSearch = DeviceListQuery.parse({ take: '4', textSearchQuery: 'macbook' });
    const searched = await compare(deviceRows, DevicePage, devicesSearch, deviceSearchPage(devicesSearch));
    expect(searched).toMatchObject({ total: 9 });
    expect(searched.items).toHaveLength(4);
    // A search's own statement (by name: the narrower function) pages as the definition does.
    for (const raw of [
      { take: '3', skip: '1', textSearchQuery: 'macbook', deviceTypes: 'COMPUTER', sortingDirection: 'desc' },
      { take: '3', textSearchQuery: 'pro', showOnlyUnencrypted: 'true', assignmentTypes: 'ASSIGNED' },
      { take: '3', textSearchQuery: 'macbook', sortingKey: 'lastSeenAt', sortingDirection: 'desc' },
    ]) {
      const query = DeviceListQuery.parse(raw);
      const page = await compare(deviceRows, DevicePage, query, deviceSearchPage(query));
      expect(page.items.length, JSON.stringify(raw)).toBeGreaterThan(0);
    }
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
