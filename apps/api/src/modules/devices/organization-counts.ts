import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { deviceCounts } from '../../db/schema/index.ts';

/**
 * How many devices an organisation has (every status), as an SQL expression for other areas' lists
 * (the provider admins' organisations): read from the kept counts, not by counting devices.
 */
export function deviceCountOf(organizationUuid: SQL | AnyPgColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${deviceCounts.count}), 0)::int from ${deviceCounts} where ${deviceCounts.organizationUuid} = ${organizationUuid})`;
}
