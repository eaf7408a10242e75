import { randomUUID } from 'node:crypto';
import { EmployeeListQuery } from '@equip/domain/employees';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../db/schema/index.ts';
import { employeeList } from '../modules/employees/list.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../test/factories.ts';
import {
  DEFERRED_JOIN_FROM_OFFSET,
  dialect,
  type ListDefinition,
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
