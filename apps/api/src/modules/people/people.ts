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

/** `personRef` of many at once (one query): those the tenant has and who are not removed, by uuid. */
export async function personRefs(tx: Db, uuids: readonly string[]): Promise<Map<string, PersonRef>> {
  if (uuids.length === 0) return new Map();
  const rows = await tx
    .select({
      uuid: users.uuid,
      role: users.role,
      organizationUuid: users.organizationUuid,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(inArray(users.uuid, [...uuids]), isNull(users.deletedAt)));
  return new Map(rows.map((row) => [row.uuid, row]));
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

/**
 * The people of the tenant (not removed) that these keys name, by key: `keysOf` says the keys a person
 * is found by (an import's email and full name). A key naming more than one person names no one.
 */
export async function peopleByKeys(
  tx: Db,
  keys: readonly string[],
  keysOf: (person: { email: string; firstName: string; lastName: string }) => readonly string[],
): Promise<Map<string, PersonRef>> {
  const wanted = new Set(keys.filter((key) => key !== ''));
  if (wanted.size === 0) return new Map();
  const rows = await tx
    .select({
      uuid: users.uuid,
      role: users.role,
      organizationUuid: users.organizationUuid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(isNull(users.deletedAt));
  const found = new Map<string, PersonRef>();
  const ambiguous = new Set<string>();
  for (const { email, ...person } of rows)
    for (const key of keysOf({ email, ...person })) {
      if (!wanted.has(key)) continue;
      if (found.has(key) && found.get(key)!.uuid !== person.uuid) ambiguous.add(key);
      else found.set(key, person);
    }
  for (const key of ambiguous) found.delete(key);
  return found;
}

/** The email of each of these people the tenant can see (an export names assignees by email). */
export async function emailsByUuid(tx: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await tx
    .select({ uuid: users.uuid, email: users.email })
    .from(users)
    .where(inArray(users.uuid, [...new Set(uuids)]));
  return new Map(rows.map((r) => [r.uuid, r.email]));
}
