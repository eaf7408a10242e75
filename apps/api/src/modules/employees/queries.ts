import type { Employee, EmployeeListQuery, EmployeeSortingKey } from '@equip/domain/employees';
import { and, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bundleEmployees, bundles, userCounts, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Where the group columns of a filter live: the users row itself, or its summary in user_counts. */
interface GroupColumns {
  organizationUuid: typeof users.organizationUuid | typeof userCounts.organizationUuid;
  employeeStatus: typeof users.employeeStatus | typeof userCounts.employeeStatus;
  userType: typeof users.userType | typeof userCounts.userType;
  source: typeof users.source | typeof userCounts.source;
  withoutBundle: SQL;
}

/** View and all-view filters of SPEC §3, on either the users table or the user_counts summary. */
function groupFilters(
  columns: GroupColumns,
  organizationUuid: string,
  query: EmployeeListQuery,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(columns.organizationUuid, organizationUuid)];
  if (query.view === 'onboarding') conditions.push(eq(columns.employeeStatus, 'ONBOARDING'));
  else if (query.view === 'offboarding') conditions.push(eq(columns.employeeStatus, 'OFFBOARDING'));
  else {
    if (!query.withInactiveUsers) conditions.push(ne(columns.employeeStatus, 'INACTIVE'));
    if (query.userType?.length) conditions.push(inArray(columns.userType, query.userType));
    if (query.employeeStatus?.length) conditions.push(inArray(columns.employeeStatus, query.employeeStatus));
    if (query.userSources?.length) conditions.push(inArray(columns.source, query.userSources));
    if (query.onlyWithoutAssignedBundle) conditions.push(columns.withoutBundle);
  }
  return conditions;
}

const searchPattern = (query: EmployeeListQuery) => {
  const text = query.textSearchQuery?.trim().toLowerCase();
  return text ? `%${escapeLike(text)}%` : null;
};

/** The WHERE of the employees table (the page query joins bundle_employees). */
export function employeeFilters(organizationUuid: string, query: EmployeeListQuery): SQL {
  const conditions = groupFilters(
    { ...users, withoutBundle: isNull(bundleEmployees.userUuid) },
    organizationUuid,
    query,
  );
  conditions.push(isNull(users.deletedAt));
  const pattern = searchPattern(query);
  // equip_user_search (migration 0005) uses the trigram index, which RLS would otherwise rule out.
  if (pattern) conditions.push(sql`${users.uuid} in (select equip_user_search(${pattern}))`);
  return and(...conditions)!;
}

/**
 * The total of the table without a text search: a sum over the user_counts summary (a few rows,
 * whatever the organisation's size), as a scalar subquery so it travels with the page.
 */
function summaryTotal(organizationUuid: string, query: EmployeeListQuery): SQL<number> {
  const where = and(
    ...groupFilters(
      { ...userCounts, withoutBundle: eq(userCounts.hasBundle, false) },
      organizationUuid,
      query,
    ),
  );
  return sql<number>`(select coalesce(sum(${userCounts.count}), 0)::integer from ${userCounts} where ${where})`;
}

/** The total when the page came back empty (a page past the end), so nothing carried it. */
async function countEmployees(tx: Db, organizationUuid: string, query: EmployeeListQuery): Promise<number> {
  const [row] = searchPattern(query)
    ? await tx
        .select({ total: count() })
        .from(users)
        .leftJoin(bundleEmployees, eq(bundleEmployees.userUuid, users.uuid))
        .where(employeeFilters(organizationUuid, query))
    : await tx.select({ total: summaryTotal(organizationUuid, query) }).from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

const byName = [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`];

/** Sort expressions per key; each matches an index on users (see the schema), so a page is an index walk. */
const SORT_COLUMNS: Record<EmployeeSortingKey, SQL[]> = {
  name: byName,
  email: [sql`lower(${users.email})`],
  employeeStatus: [sql`${users.employeeStatus}`, ...byName],
  devicesAssigned: [sql`${users.devicesAssigned}`],
  assignedBundle: [sql`lower(${bundles.name})`, ...byName],
  source: [sql`${users.source}`, ...byName],
  department: [sql`lower(${users.department})`],
  startDate: [sql`${users.startDate}`],
  lastDate: [sql`${users.lastDate}`],
};

/**
 * Sorting with a stable tie-break on uuid, so pages never overlap. Ascending puts empty values last;
 * descending is its exact reverse (empty first), which lets PostgreSQL read the same index backwards.
 */
export function employeeOrder(query: EmployeeListQuery): SQL[] {
  const key: EmployeeSortingKey = query.sortingKey ?? 'name';
  const desc = query.sortingDirection === 'desc';
  return [...SORT_COLUMNS[key], sql`${users.uuid}`].map((column) =>
    desc ? sql`${column} desc` : sql`${column} asc`,
  );
}

const employeeColumns = {
  user: users,
  bundleUuid: bundles.uuid,
  bundleName: bundles.name,
};

function baseSelect(tx: Db) {
  return tx
    .select(employeeColumns)
    .from(users)
    .leftJoin(bundleEmployees, eq(bundleEmployees.userUuid, users.uuid))
    .leftJoin(bundles, eq(bundles.uuid, bundleEmployees.bundleUuid));
}

export function toEmployee(row: {
  user: UserRow;
  bundleUuid: string | null;
  bundleName: string | null;
}): Employee {
  const u = row.user;
  return {
    uuid: u.uuid,
    organizationUuid: u.organizationUuid,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    department: u.department,
    position: u.position,
    startDate: u.startDate,
    lastDate: u.lastDate,
    employeeStatus: u.employeeStatus,
    userType: u.userType,
    role: u.role,
    source: u.source,
    devicesAssigned: u.devicesAssigned,
    assignedBundle: row.bundleUuid && row.bundleName ? { uuid: row.bundleUuid, name: row.bundleName } : null,
    license: u.license,
    invitedAt: u.invitedAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/**
 * One page of the table and its total, in one statement: with a text search the (few) matches are
 * counted by a window over the same query; otherwise the total comes from the summary.
 */
export async function listEmployees(tx: Db, organizationUuid: string, query: EmployeeListQuery) {
  const total = searchPattern(query)
    ? sql<number>`(count(*) over ())::integer`
    : summaryTotal(organizationUuid, query);
  const rows = await tx
    .select({ ...employeeColumns, total })
    .from(users)
    .leftJoin(bundleEmployees, eq(bundleEmployees.userUuid, users.uuid))
    .leftJoin(bundles, eq(bundles.uuid, bundleEmployees.bundleUuid))
    .where(employeeFilters(organizationUuid, query))
    .orderBy(...employeeOrder(query))
    .limit(query.take)
    .offset(query.skip);
  return {
    items: rows.map(toEmployee),
    total: rows[0]?.total ?? (query.skip > 0 ? await countEmployees(tx, organizationUuid, query) : 0),
  };
}

/** Every employee matching the query, in table order, a page at a time (for the CSV export). */
export async function* allEmployees(
  tx: Db,
  organizationUuid: string,
  query: EmployeeListQuery,
  pageSize = 2000,
) {
  for (let skip = 0; ; skip += pageSize) {
    const page = await baseSelect(tx)
      .where(employeeFilters(organizationUuid, query))
      .orderBy(...employeeOrder(query))
      .limit(pageSize)
      .offset(skip);
    yield page.map(toEmployee);
    if (page.length < pageSize) return;
  }
}

export async function findEmployee(tx: Db, uuid: string): Promise<Employee | null> {
  const [row] = await baseSelect(tx).where(and(eq(users.uuid, uuid), isNull(users.deletedAt)));
  return row ? toEmployee(row) : null;
}

/** The emails (lower-case) among `emails` that people of the organisation already use. */
export async function emailsInUse(
  tx: Db,
  organizationUuid: string,
  emails?: readonly string[],
): Promise<Set<string>> {
  const lowered = emails?.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (lowered && lowered.length === 0) return new Set();
  // Long lists (imports) read all of the organisation's emails instead of binding thousands of parameters.
  const filterInSql = lowered && lowered.length <= 5000;
  const rows = await tx
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(
        eq(users.organizationUuid, organizationUuid),
        isNull(users.deletedAt),
        filterInSql ? inArray(sql`lower(${users.email})`, lowered) : undefined,
      ),
    );
  const found = new Set(rows.map((r) => r.email));
  if (!lowered || filterInSql) return found;
  return new Set(lowered.filter((email) => found.has(email)));
}
