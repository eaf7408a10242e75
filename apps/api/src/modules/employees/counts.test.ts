import { randomUUID } from 'node:crypto';
import type { EmployeeListQuery } from '@equip/domain/employees';
import { EmployeeListQuery as EmployeeListQuerySchema } from '@equip/domain/employees';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { bundleEmployees, bundles, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { getTestDatabase } from '../../test/database.ts';
import { createOrganization } from '../../test/factories.ts';
import { employeeList } from './list.ts';
import { listEmployees } from './queries.ts';

const STATUSES = ['ACTIVE', 'INACTIVE', 'OFFBOARDING', 'ONBOARDING', 'LEAVE'] as const;
const TYPES = ['regularUser', 'lightUser', 'unmanagedUser'] as const;
const SOURCES = ['hris', 'equip'] as const;

const QUERIES: Partial<Record<string, string | string[]>>[] = [
  {},
  { withInactiveUsers: 'true' },
  { view: 'onboarding' },
  { view: 'offboarding' },
  { employeeStatus: ['ACTIVE', 'LEAVE'], userType: 'lightUser' },
  { userSources: 'hris', onlyWithoutAssignedBundle: 'true' },
  { onlyWithoutAssignedBundle: 'true', withInactiveUsers: 'true' },
];

/**
 * The table's total comes from the user_counts summary kept by triggers. Whatever happens to people
 * (added in bulk, edited, given or relieved of a bundle, removed), it must equal a real count.
 */
describe('user_counts summary', () => {
  let database: Database;
  beforeAll(async () => {
    database = await getTestDatabase();
  });

  async function realCount(orgUuid: string, query: EmployeeListQuery) {
    return withTenant(database.db, orgUuid, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select count(*)::integer as n from ${employeeList.from(query)} where ${and(...employeeList.where(query, orgUuid))}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    });
  }

  const operation = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      n: fc.integer({ min: 1, max: 6 }),
      status: fc.constantFrom(...STATUSES),
      type: fc.constantFrom(...TYPES),
      source: fc.constantFrom(...SOURCES),
    }),
    fc.record({
      kind: fc.constant('edit' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...STATUSES),
      type: fc.constantFrom(...TYPES),
    }),
    fc.record({ kind: fc.constant('bundle' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('unbundle' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  );

  it('equals a real count after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const org = await createOrganization(database.db);
        const [bundle] = await database.db
          .insert(bundles)
          .values({ organizationUuid: org.uuid, name: 'Kit' })
          .returning();
        await withTenant(database.db, org.uuid, async (tx) => {
          for (const op of operations) {
            const people = await tx
              .select({ uuid: users.uuid })
              .from(users)
              .where(and(eq(users.organizationUuid, org.uuid), isNull(users.deletedAt)));
            const someone = people.length > 0 && 'pick' in op ? people[op.pick % people.length]!.uuid : null;
            if (op.kind === 'add') {
              await tx.insert(users).values(
                Array.from({ length: op.n }, () => ({
                  organizationUuid: org.uuid,
                  email: `${randomUUID()}@count.test`,
                  firstName: 'C',
                  lastName: 'Count',
                  employeeStatus: op.status,
                  userType: op.type,
                  source: op.source,
                })),
              );
            } else if (someone && op.kind === 'edit') {
              await tx
                .update(users)
                .set({ employeeStatus: op.status, userType: op.type })
                .where(eq(users.uuid, someone));
            } else if (someone && op.kind === 'bundle') {
              await tx
                .insert(bundleEmployees)
                .values({ organizationUuid: org.uuid, bundleUuid: bundle!.uuid, userUuid: someone })
                .onConflictDoNothing();
            } else if (someone && op.kind === 'unbundle') {
              await tx.delete(bundleEmployees).where(eq(bundleEmployees.userUuid, someone));
            } else if (someone && op.kind === 'remove') {
              await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.uuid, someone));
              await tx.delete(bundleEmployees).where(eq(bundleEmployees.userUuid, someone));
            }
          }
        });
        for (const raw of QUERIES) {
          const query = EmployeeListQuerySchema.parse(raw);
          const { total } = JSON.parse(await listEmployees(database.reads, org.uuid, query)) as {
            total: number;
          };
          expect(total, JSON.stringify(raw)).toBe(await realCount(org.uuid, query));
        }
      }),
      { numRuns: 25 },
    );
  });
});
