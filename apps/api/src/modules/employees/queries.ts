import type { Employee, EmployeeListItem, EmployeeListQuery } from '@equip/domain/employees';
import { and, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { insertRowsAsJson, type WritePace } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { collated } from '../../db/collation.ts';
import { users } from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { allRows, type JsonText, type Page, readJsonPage } from '../../lists/list-query.ts';
import { assignedBundle } from '../bundles/index.ts';
import { holdersOfEnrolledDevices } from '../devices/index.ts';
import { employeeExportList, employeeList, fields } from './list.ts';

/** What the employees area writes into a person's row. */
export type PersonValues = typeof users.$inferInsert;

/**
 * One page of the table and its filtered total as the response body, written by the database in one
 * pipelined read (lists/list-query.ts; a search pages through its matches, see employeeList).
 */
export function listEmployees(
  reads: TenantReads,
  organizationUuid: string,
  query: EmployeeListQuery,
): Promise<JsonText<Page<EmployeeListItem>>> {
  return readJsonPage(reads, employeeList, organizationUuid, query);
}

/** The table's rows in the import format, in table order, a page at a time (the CSV export). */
export function exportRows(tx: Db, organizationUuid: string, query: EmployeeListQuery) {
  return allRows(tx, employeeExportList, organizationUuid, query);
}

/**
 * A timestamp as the API writes it (`2026-11-23T10:00:00.000Z`). Raw statements get timestamps as
 * PostgreSQL's text (`2026-11-23 10:00:00+00`) from the drivers, which is not ISO 8601.
 */
const isoTimestamp = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A person's detail: the Employee response's fields, never credentials. */
const DETAIL_FIELDS: Record<keyof Employee, SQL> = {
  ...fields(users),
  organizationUuid: sql`${users.organizationUuid}`,
  phone: sql`${users.phone}`,
  invitedAt: isoTimestamp(users.invitedAt),
  createdAt: isoTimestamp(users.createdAt),
  updatedAt: isoTimestamp(users.updatedAt),
};

export async function findEmployee(tx: Db, uuid: string): Promise<Employee | null> {
  const columns = sql.join(
    Object.entries(DETAIL_FIELDS).map(
      ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
    ),
    sql`, `,
  );
  const { rows } = (await tx.execute(
    sql`select ${columns} from ${users} ${assignedBundle.join(users.uuid)}
        where ${users.uuid} = ${uuid} and ${users.deletedAt} is null`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0];
  if (!row) return null;
  return row as unknown as Employee;
}

/** Adds people; answers their uuids, in order. */
export async function insertPeople(tx: Db, people: PersonValues[]): Promise<string[]> {
  const created = await tx.insert(users).values(people).returning({ uuid: users.uuid });
  return created.map((row) => row.uuid);
}

/** Adds many people in few statements (an import), at the database's write pace when given. */
export async function insertPeopleInBulk(
  tx: Db,
  people: (PersonValues & { uuid: string })[],
  options: { firstStatementRows: number; pace?: WritePace | undefined },
): Promise<void> {
  await insertRowsAsJson(tx, users, people, options.firstStatementRows, options.pace);
}

export async function updatePerson(tx: Db, uuid: string, changes: Partial<PersonValues>): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.uuid, uuid));
}

export async function softDeletePerson(tx: Db, uuid: string): Promise<void> {
  await tx.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.uuid, uuid));
}

/** it-owners of the organisation other than `uuid` (the grant rule keeps at least one). */
export async function otherItOwners(tx: Db, uuid: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'it-owner'), isNull(users.deletedAt), ne(users.uuid, uuid)));
  return row?.n ?? 0;
}

/** People at work or starting who hold no enrolled device: the reminders table of the organisation setup. */
export function peopleWithoutEnrolledDevice(tx: Db, organizationUuid: string) {
  return tx
    .select({
      uuid: users.uuid,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      department: users.department,
      startDate: users.startDate,
      employeeStatus: users.employeeStatus,
    })
    .from(users)
    .where(
      and(
        eq(users.organizationUuid, organizationUuid),
        isNull(users.deletedAt),
        inArray(users.employeeStatus, ['ACTIVE', 'ONBOARDING']),
        sql`${users.uuid} not in (${holdersOfEnrolledDevices(tx)})`,
      ),
    )
    .orderBy(collated(users.lastName), collated(users.firstName))
    .limit(5000);
}

/** The people of these uuids who are not removed (whom to mail). */
export function peopleByUuid(tx: Db, uuids: string[]) {
  return tx
    .select({ uuid: users.uuid, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(and(inArray(users.uuid, uuids), isNull(users.deletedAt)));
}

/** A person as the grant rule and the invitation mail need them. */
export async function personToInvite(tx: Db, uuid: string) {
  const [person] = await tx
    .select({
      uuid: users.uuid,
      email: users.email,
      locale: users.locale,
      role: users.role,
      organizationUuid: users.organizationUuid,
    })
    .from(users)
    .where(and(eq(users.uuid, uuid), isNull(users.deletedAt)));
  return person ?? null;
}

/** "First Last" of a person of the organisation, or null (a provider admin acting for it is none). */
export async function nameOf(tx: Db, uuid: string): Promise<string | null> {
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.uuid, uuid));
  return person ? `${person.firstName} ${person.lastName}` : null;
}

export async function markInvited(tx: Db, uuid: string): Promise<void> {
  await tx.update(users).set({ invitedAt: new Date() }).where(eq(users.uuid, uuid));
}

/**
 * Records that a person edited these fields in Equip now: a later HR change of one of them is a conflict
 * of the HR sync (decision 032), not overwritten.
 */
export async function markEditedInEquip(tx: Db, uuid: string, fields: readonly string[], at = new Date()) {
  if (fields.length === 0) return;
  const edited = JSON.stringify(Object.fromEntries(fields.map((f) => [f, at.toISOString()])));
  await tx
    .update(users)
    .set({ manuallyEditedAt: sql`${users.manuallyEditedAt} || ${edited}::jsonb` })
    .where(eq(users.uuid, uuid));
}
