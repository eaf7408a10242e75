import type { Role } from '@equip/domain/identity';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** A person as other areas need them to hand something to them (devices, assets): the grant rule's fields and the name. */
export interface PersonRef {
  uuid: string;
  role: Role;
  organizationUuid: string;
  firstName: string;
  lastName: string;
}

/** A person of the tenant who is not removed, or null (another organisation's person is not found). */
export async function personRef(tx: Db, uuid: string): Promise<PersonRef | null> {
  const [person] = await tx
    .select({
      uuid: users.uuid,
      role: users.role,
      organizationUuid: users.organizationUuid,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.uuid, uuid), isNull(users.deletedAt)));
  return person ?? null;
}

/** "First Last" of each of these people the tenant can see (removed people keep their name here). */
export async function namesByUuid(tx: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await tx
    .select({ uuid: users.uuid, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.uuid, [...new Set(uuids)]));
  return new Map(rows.map((r) => [r.uuid, `${r.firstName} ${r.lastName}`]));
}
