import {
  EmployeeListItem,
  type EmployeeListItem as EmployeeListItemType,
  type EmployeeListQuery,
  type EmployeeSortingKey,
} from '@equip/domain/employees';
import { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { collated } from '../../db/collation.ts';
import { userCounts, users } from '../../db/schema/index.ts';
import { defineList, inEnum, type ListDefinition, type SortKey } from '../../lists/list-query.ts';
import { assignedBundle } from '../bundles/index.ts';
import { offboardingDraftMark } from '../offboarding/index.ts';
import { onboardingDraftMark } from '../onboarding/index.ts';

/**
 * The employees table as a list of the shared machinery (lists/list-query.ts): the response's fields
 * only, the views and filters of SPEC §3, one index per sort key, the total from the kept summary.
 * A text search reads its matches' keys from equip_user_search_rows (migration 0015) and full rows only
 * for the page.
 */

/** The columns of a person read by the table; never credentials or the search column. */
export function fields(source: { uuid: SQL | typeof users.uuid }): EmployeeListColumns {
  return {
    uuid: sql`${source.uuid}`,
    firstName: sql`${users.firstName}`,
    lastName: sql`${users.lastName}`,
    email: sql`${users.email}`,
    department: sql`${users.department}`,
    position: sql`${users.position}`,
    startDate: sql`${users.startDate}::text`,
    lastDate: sql`${users.lastDate}::text`,
    employeeStatus: sql`${users.employeeStatus}`,
    userType: sql`${users.userType}`,
    role: sql`${users.role}`,
    source: sql`${users.source}`,
    devicesAssigned: sql`${users.devicesAssigned}`,
    assignedBundle: assignedBundle.json,
    license: sql`${users.license}`,
    invitedAt: sql`${users.invitedAt}`,
    // A draft offboarding (the newer flow) before a draft onboarding (decision 038).
    flowDraft: sql`coalesce(${offboardingDraftMark(users.uuid)}, ${onboardingDraftMark(users.uuid)})`,
  };
}
type EmployeeListColumns = { [K in keyof EmployeeListItemType]-?: SQL };

/** The view and all-view filters on the columns of the users table or of the user_counts summary. */
interface GroupColumns {
  employeeStatus: SQL;
  userType: SQL;
  source: SQL;
  withoutBundle: SQL;
}

/** The group columns of a table (users or user_counts) as SQL. */
const groupColumnsOf = (table: typeof users | typeof userCounts, withoutBundle: SQL): GroupColumns => ({
  employeeStatus: sql`${table.employeeStatus}`,
  userType: sql`${table.userType}`,
  source: sql`${table.source}`,
  withoutBundle,
});

function groupFilters(columns: GroupColumns, query: EmployeeListQuery): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  // Enumeration values as literals (decision 036): the generic plan then sees what they leave.
  const status = (values: readonly EmployeeStatus[], negate = false) =>
    inEnum(columns.employeeStatus, values, EmployeeStatus.options, negate);
  if (query.view === 'onboarding') conditions.push(status(['ONBOARDING']));
  else if (query.view === 'offboarding') conditions.push(status(['OFFBOARDING']));
  else {
    if (!query.withInactiveUsers) conditions.push(status(['INACTIVE'], true));
    if (query.userType?.length) conditions.push(inEnum(columns.userType, query.userType, UserType.options));
    if (query.employeeStatus?.length) conditions.push(status(query.employeeStatus));
    if (query.userSources?.length)
      conditions.push(inEnum(columns.source, query.userSources, UserSource.options));
    if (query.onlyWithoutAssignedBundle) conditions.push(columns.withoutBundle);
  }
  return conditions;
}

/** The total without a search: a sum over the user_counts summary (a few rows, whatever the size). */
function summaryTotal(query: EmployeeListQuery, organizationUuid: string): SQL<number> {
  const where = and(
    eq(userCounts.organizationUuid, organizationUuid),
    ...groupFilters(groupColumnsOf(userCounts, sql`${userCounts.hasBundle} = false`), query),
  );
  return sql<number>`(select coalesce(sum(${userCounts.count}), 0)::integer from ${userCounts} where ${where})`;
}

const ascending = (columns: SQL[], keyset = false): SortKey => ({ columns, keyset });

/** Sort expressions per key over the users table; each matches an index (see the schema). */
function sortsOver(keys: {
  lastName: SQL;
  firstName: SQL;
  email: SQL;
  employeeStatus: SQL;
  devicesAssigned: SQL;
  source: SQL;
  department: SQL;
  startDate: SQL;
  lastDate: SQL;
}): Record<EmployeeSortingKey, SortKey> {
  const byName = [keys.lastName, keys.firstName];
  return {
    name: ascending(byName, true),
    email: ascending([keys.email], true),
    employeeStatus: ascending([keys.employeeStatus, ...byName], true),
    devicesAssigned: ascending([keys.devicesAssigned], true),
    assignedBundle: ascending([assignedBundle.sortName, ...byName]),
    source: ascending([keys.source, ...byName], true),
    department: ascending([keys.department]),
    startDate: ascending([keys.startDate]),
    lastDate: ascending([keys.lastDate]),
  };
}

const sortOf = (query: EmployeeListQuery) => ({
  key: query.sortingKey ?? ('name' as const),
  direction: query.sortingDirection ?? ('asc' as const),
});

/** The matches of a search with their keys (equip_user_search_rows, tenant-scoped, trigram index). */
const match = {
  uuid: sql.raw('m.uuid'),
  lastName: collated(sql.raw('m.last_name_key')),
  firstName: collated(sql.raw('m.first_name_key')),
  email: sql.raw('m.email_key'),
  department: collated(sql.raw('m.department_key')),
  employeeStatus: sql.raw('m.employee_status'),
  userType: sql.raw('m.user_type'),
  source: sql.raw('m.source'),
  devicesAssigned: sql.raw('m.devices_assigned'),
  startDate: sql.raw('m.start_date'),
  lastDate: sql.raw('m.last_date'),
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a text search, or null without one. */
export function searchPattern(query: EmployeeListQuery): string | null {
  const text = query.textSearchQuery?.trim().toLowerCase();
  return text ? `%${escapeLike(text)}%` : null;
}

/**
 * Where a search's matches come from: by name and filtered by status alone (the table's default), the
 * narrower equip_user_search_names (migration 0025: id, names, status); else every key.
 */
function searchMatches(query: EmployeeListQuery, pattern: string, key: EmployeeSortingKey): SQL {
  const namesSuffice =
    key === 'name' &&
    !query.userType?.length &&
    !query.userSources?.length &&
    !query.onlyWithoutAssignedBundle;
  return namesSuffice ? sql`equip_user_search_names(${pattern})` : sql`equip_user_search_rows(${pattern})`;
}

/**
 * The table: an index walk per sort key, the total from the summary. A text search pages through the
 * matches of equip_user_search_rows with their keys and their bundle (to filter or sort by it), and
 * joins only the page's people.
 */
const employeeTable = {
  from: () => sql`${users} ${assignedBundle.join(users.uuid)}`,
  where: (query: EmployeeListQuery, organizationUuid: string) => [
    eq(users.organizationUuid, organizationUuid),
    isNull(users.deletedAt),
    ...groupFilters(groupColumnsOf(users, assignedBundle.missing), query),
  ],
  sorts: sortsOver({
    lastName: collated(users.lastName),
    firstName: collated(users.firstName),
    email: sql`lower(${users.email})`,
    employeeStatus: sql`${users.employeeStatus}`,
    devicesAssigned: sql`${users.devicesAssigned}`,
    source: sql`${users.source}`,
    department: collated(users.department),
    startDate: sql`${users.startDate}`,
    lastDate: sql`${users.lastDate}`,
  }),
  tieBreaker: sql`${users.uuid}`,
  sortOf,
  total: (query: EmployeeListQuery, organizationUuid: string): SQL<number> | 'window' =>
    summaryTotal(query, organizationUuid),
  search: {
    pattern: searchPattern,
    matches: searchMatches,
    matchJoins: assignedBundle.join(match.uuid),
    where: (query: EmployeeListQuery) =>
      groupFilters({ ...match, withoutBundle: assignedBundle.missing }, query),
    sorts: sortsOver(match),
    id: match.uuid,
    join: sql`join ${users} on ${users.uuid} = ${match.uuid} ${assignedBundle.join(match.uuid)}`,
  },
};

export const employeeList: ListDefinition<EmployeeListQuery, EmployeeListItemType, EmployeeSortingKey> =
  defineList(EmployeeListItem, { ...employeeTable, name: 'employees', columns: fields(users) });

/** The table's rows with the phone: what the export writes (the columns shown, or all of them). */
export const EmployeeExportRow = EmployeeListItem.extend({ phone: z.string().nullable() });
export type EmployeeExportRow = z.infer<typeof EmployeeExportRow>;

export const employeeExportList: ListDefinition<EmployeeListQuery, EmployeeExportRow, EmployeeSortingKey> =
  defineList(EmployeeExportRow, {
    ...employeeTable,
    name: 'employees.export',
    columns: { ...fields(users), phone: sql`${users.phone}` },
  });
