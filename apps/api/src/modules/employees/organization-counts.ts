import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { userCounts } from '../../db/schema/index.ts';

/**
 * How many people (not removed) an organisation has, as an SQL expression for other areas' lists (the
 * provider admins' organisations): read from the kept counts, not by counting people.
 */
export function peopleCountOf(organizationUuid: SQL | AnyPgColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${userCounts.count}), 0)::int from ${userCounts} where ${userCounts.organizationUuid} = ${organizationUuid})`;
}
