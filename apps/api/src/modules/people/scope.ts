import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Whom a suggestion is for: the organisation, one department, or named people (SPEC §3). */
export interface PeopleScope {
  department?: string | undefined;
  userUuids?: readonly string[] | undefined;
}

const inScope = (organizationUuid: string, scope: PeopleScope) =>
  and(
    eq(users.organizationUuid, organizationUuid),
    isNull(users.deletedAt),
    scope.department !== undefined ? eq(users.department, scope.department) : undefined,
    scope.userUuids !== undefined
      ? inArray(users.uuid, [...scope.userUuids, '00000000-0000-0000-0000-000000000000'])
      : undefined,
  );

/** The uuids of the people (not removed) in the scope, as a subquery for another area's statement. */
export function peopleInScope(organizationUuid: string, scope: PeopleScope): SQL {
  return sql`(select ${users.uuid} from ${users} where ${inScope(organizationUuid, scope)})`;
}

/** How many people (not removed) are in the scope. */
export async function countPeopleInScope(
  tx: Db,
  organizationUuid: string,
  scope: PeopleScope,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::integer` })
    .from(users)
    .where(inScope(organizationUuid, scope));
  return Number(row?.n ?? 0);
}

/** The people (not removed) in the scope by name, at most `limit` (a bundle's assignment of a department). */
export function listPeopleInScope(tx: Db, organizationUuid: string, scope: PeopleScope, limit: number) {
  return tx
    .select({ uuid: users.uuid, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inScope(organizationUuid, scope))
    .orderBy(users.lastName, users.firstName, users.uuid)
    .limit(limit);
}
