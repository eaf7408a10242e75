import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The IT owners of the tenant (not removed): whom organisation-wide notifications go to. */
export async function itOwnerUuids(tx: Db, organizationUuid: string): Promise<string[]> {
  const rows = await tx
    .select({ uuid: users.uuid })
    .from(users)
    .where(
      and(eq(users.organizationUuid, organizationUuid), eq(users.role, 'it-owner'), isNull(users.deletedAt)),
    );
  return rows.map((r) => r.uuid);
}

/**
 * "First Last" of the person whose uuid `uuidColumn` holds, as a scalar subquery other areas' lists
 * select (the audit log's actor and subject): one primary-key lookup per row of a page, and null
 * where no person of the tenant has that uuid (a device, a provider admin, the system).
 */
export function personNameSql(uuidColumn: SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.uuid} = ${uuidColumn})`;
}

/**
 * A person's fields as SQL pieces other areas' lists select and sort by (the assets list's assignee):
 * scalar subqueries by primary key on the uuid `uuidColumn` holds, null where it holds none.
 */
export const personSql = {
  /** `{ uuid, firstName, lastName }`, or null. */
  json: (uuidColumn: SQL): SQL =>
    sql`(select json_build_object('uuid', ${users.uuid}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}) from ${users} where ${users.uuid} = ${uuidColumn})`,
  lastName: (uuidColumn: SQL): SQL =>
    sql`(select ${users.lastName} from ${users} where ${users.uuid} = ${uuidColumn})`,
  firstName: (uuidColumn: SQL): SQL =>
    sql`(select ${users.firstName} from ${users} where ${users.uuid} = ${uuidColumn})`,
};
