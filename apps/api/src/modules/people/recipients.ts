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
