import {
  AssignmentType,
  DeviceListItem,
  type DeviceListItem as DeviceListItemType,
  type DeviceListQuery,
  DeviceMdmStatus,
  type DeviceSortingKey,
  DeviceStatus,
  DeviceType,
  SHOW_STAGED_DEVICES_FLAG,
  STAGED_DEVICE_STATUSES,
} from '@equip/domain/devices';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { collated } from '../../db/collation.ts';
import { deviceCounts, devices } from '../../db/schema/index.ts';
import {
  defineList,
  enumLiteral,
  inEnum,
  type ListDefinition,
  type SortKey,
} from '../../lists/list-query.ts';
import { flagIsOn } from '../flags/index.ts';

/**
 * The devices table as a list of the shared machinery (lists/list-query.ts): the response's fields
 * only (the assignee's names live on the device, kept by triggers — migration 0020 — so no join), the
 * filters of SPEC §2, one index per sort key, the total from the device_counts summary. A text search
 * narrows to the matches of equip_device_search (tenant-scoped, trigram index) and counts them.
 */

type DeviceListColumns = { [K in keyof DeviceListItemType]-?: SQL };

/** The table's columns of a device; never the search column. */
export const DEVICE_LIST_COLUMNS: DeviceListColumns = {
  uuid: sql`${devices.uuid}`,
  name: sql`${devices.name}`,
  serialNumber: sql`${devices.serialNumber}`,
  type: sql`${devices.type}`,
  os: sql`${devices.os}`,
  osVersion: sql`${devices.osVersion}`,
  model: sql`${devices.model}`,
  status: sql`${devices.status}`,
  assignmentType: sql`${devices.assignmentType}`,
  assignedTo: sql`case when ${devices.assignedToUuid} is null then null else json_build_object('uuid', ${devices.assignedToUuid}, 'firstName', coalesce(${devices.assigneeFirstName}, ''), 'lastName', coalesce(${devices.assigneeLastName}, '')) end`,
  location: sql`${devices.location}`,
  enrollmentState: sql`${devices.enrollmentState}`,
  mdmProvider: sql`${devices.mdmProvider}`,
  mdmStatus: sql`${devices.mdmStatus}`,
  isEncrypted: sql`${devices.isEncrypted}`,
  isProtected: sql`${devices.isProtected}`,
  lastSeenAt: sql`${devices.lastSeenAt}`,
  mdmMissingSince: sql`${devices.mdmMissingSince}`,
};

/**
 * Enumerations sort in the same collation as the names (a sort mixing collations cannot carry its
 * cursor), which orders them alike on every database whatever its default collation.
 */
const code = (column: SQL) => collated(column);

/** The filter columns of a table (devices or the device_counts summary). */
interface FilterColumns {
  type: SQL;
  assignmentType: SQL;
  status: SQL;
  isEncrypted: SQL;
  isProtected: SQL;
  /** What the device last reported through its MDM; the device_counts summary does not hold it. */
  mdmStatus?: SQL;
}

/** On devices, type and status compare in the collation their sort indexes hold, so an index serves both. */
const filterColumnsOf = (table: typeof devices | typeof deviceCounts): FilterColumns => ({
  type: table === devices ? code(sql`${table.type}`) : sql`${table.type}`,
  assignmentType: sql`${table.assignmentType}`,
  status: table === devices ? code(sql`${table.status}`) : sql`${table.status}`,
  isEncrypted: sql`${table.isEncrypted}`,
  isProtected: sql`${table.isProtected}`,
  ...(table === devices ? { mdmStatus: sql`${devices.mdmStatus}` } : {}),
});

/**
 * One of several values of an indexed enumeration column. Besides the IN list, the values' range bounds
 * the column: an index walked in the column's order (sorting by status while filtering by two statuses)
 * then starts at the first value instead of reading every row before it — PostgreSQL before 17 cannot
 * use an IN list on an ordered index scan, and takes it as a filter.
 */
function oneOf<const V extends string>(
  column: SQL,
  values: readonly V[],
  options: readonly V[],
  ranged: boolean,
): SQL | undefined {
  if (values.length === 0) return undefined;
  const inList = inEnum(column, values, options);
  if (!ranged || values.length === 1) return inList;
  const bounds = sql.join(
    values.map((v) => code(enumLiteral(v, options))),
    sql`, `,
  );
  return and(inList, sql`${column} >= least(${bounds})`, sql`${column} <= greatest(${bounds})`);
}

/**
 * Staged devices (ordered, new) are listed and counted only while it-2447-show-staged-devices is on
 * (SPEC §9): a product rule of the list, so the table, its totals (the overview's figures) and the
 * export agree. The flag is read by the statement itself.
 */
const notStagedUnlessShown = (status: SQL): SQL | undefined =>
  or(inEnum(status, STAGED_DEVICE_STATUSES, DeviceStatus.options, true), flagIsOn(SHOW_STAGED_DEVICES_FLAG));

function filters(columns: FilterColumns, query: DeviceListQuery, ranged = false): (SQL | undefined)[] {
  return [
    notStagedUnlessShown(columns.status),
    oneOf(columns.type, query.deviceTypes ?? [], DeviceType.options, ranged),
    query.assignmentTypes?.length
      ? inEnum(columns.assignmentType, query.assignmentTypes, AssignmentType.options)
      : undefined,
    oneOf(columns.status, query.deviceStatuses ?? [], DeviceStatus.options, ranged),
    query.showOnlyUnencrypted ? sql`${columns.isEncrypted} = false` : undefined,
    query.showOnlyUnprotected ? sql`${columns.isProtected} = false` : undefined,
    query.mdmStatuses?.length && columns.mdmStatus
      ? inEnum(columns.mdmStatus, query.mdmStatuses, DeviceMdmStatus.options)
      : undefined,
  ];
}

/**
 * The total: the summary's sum, or counted with the page (a window count) when filtered by MDM status,
 * which the summary does not keep (a filter used rarely, on a few devices).
 */
function totalOf(query: DeviceListQuery, organizationUuid: string): SQL<number> | 'window' {
  return query.mdmStatuses?.length ? 'window' : summaryTotal(query, organizationUuid);
}

/** The total without a search: a sum over the device_counts summary (a few rows, whatever the size). */
function summaryTotal(query: DeviceListQuery, organizationUuid: string): SQL<number> {
  const where = and(
    eq(deviceCounts.organizationUuid, organizationUuid),
    ...filters(filterColumnsOf(deviceCounts), query),
  );
  return sql<number>`(select coalesce(sum(${deviceCounts.count}), 0)::integer from ${deviceCounts} where ${where})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a search text (over lower-cased text, anywhere), or null without one. */
export function likePattern(searchText: string | undefined): string | null {
  const text = searchText?.trim().toLowerCase();
  return text ? `%${escapeLike(text)}%` : null;
}

/** The LIKE pattern of a text search (over search_text, lower-cased), or null without one. */
export function searchPattern(query: DeviceListQuery): string | null {
  return likePattern(query.textSearchQuery);
}

/** The sort and filter keys of a device, over the devices table or a search's matches. */
interface DeviceKeys {
  uuid: SQL;
  name: SQL;
  type: SQL;
  os: SQL;
  status: SQL;
  assignmentType: SQL;
  assigneeFirstName: SQL;
  assigneeLastName: SQL;
  location: SQL;
  isEncrypted: SQL;
  isProtected: SQL;
  enrollmentState: SQL;
  lastSeenAt: SQL;
}

const by = (columns: SQL[], keyset: boolean): SortKey => ({ columns: [...columns], keyset });

/**
 * Sort expressions per key; over the devices table each matches an index of the schema (organisation
 * first, then these, then the uuid). Keys over nullable columns (assignee, location, last seen) page by
 * skip, the rest by cursor.
 */
function sortsOver(keys: DeviceKeys): Record<DeviceSortingKey, SortKey> {
  const name = collated(keys.name);
  return {
    name: by([name], true),
    type: by([code(keys.type), name], true),
    os: by([code(keys.os), name], true),
    status: by([code(keys.status), name], true),
    assignedTo: by([collated(keys.assigneeLastName), collated(keys.assigneeFirstName), name], false),
    location: by([collated(keys.location), name], false),
    security: by([keys.isEncrypted, keys.isProtected, name], true),
    enrollmentState: by([code(keys.enrollmentState), name], true),
    lastSeenAt: by([keys.lastSeenAt, name], false),
  };
}

const SORTS = sortsOver({
  uuid: sql`${devices.uuid}`,
  name: sql`${devices.name}`,
  type: sql`${devices.type}`,
  os: sql`${devices.os}`,
  status: sql`${devices.status}`,
  assignmentType: sql`${devices.assignmentType}`,
  assigneeFirstName: sql`${devices.assigneeFirstName}`,
  assigneeLastName: sql`${devices.assigneeLastName}`,
  location: sql`${devices.location}`,
  isEncrypted: sql`${devices.isEncrypted}`,
  isProtected: sql`${devices.isProtected}`,
  enrollmentState: sql`${devices.enrollmentState}`,
  lastSeenAt: sql`${devices.lastSeenAt}`,
});

export const sortOf = (query: DeviceListQuery) => ({
  key: query.sortingKey ?? ('name' as const),
  direction: query.sortingDirection ?? ('asc' as const),
});

/**
 * A search's matches with their keys (equip_device_search_rows, tenant-scoped, trigram index; sorted by
 * name, equip_device_search_names has name and the filter columns only).
 */
const match: DeviceKeys & { mdmStatus: SQL } = {
  uuid: sql.raw('m.uuid'),
  name: sql.raw('m.name'),
  type: sql.raw('m.type'),
  os: sql.raw('m.os'),
  status: sql.raw('m.status'),
  assignmentType: sql.raw('m.assignment_type'),
  assigneeFirstName: sql.raw('m.assignee_first_name'),
  assigneeLastName: sql.raw('m.assignee_last_name'),
  location: sql.raw('m.location'),
  isEncrypted: sql.raw('m.is_encrypted'),
  isProtected: sql.raw('m.is_protected'),
  enrollmentState: sql.raw('m.enrollment_state'),
  lastSeenAt: sql.raw('m.last_seen_at'),
  // The search functions do not return it: read from the match's device (only with the filter).
  mdmStatus: sql`(select ${devices.mdmStatus} from ${devices} where ${devices.uuid} = m.uuid)`,
};

export const deviceList: ListDefinition<DeviceListQuery, DeviceListItemType, DeviceSortingKey> = defineList(
  DeviceListItem,
  {
    name: 'devices',
    columns: DEVICE_LIST_COLUMNS,
    from: () => sql`${devices}`,
    where: (query, organizationUuid) => [
      eq(devices.organizationUuid, organizationUuid),
      ...filters(filterColumnsOf(devices), query, true),
    ],
    sorts: SORTS,
    tieBreaker: sql`${devices.uuid}`,
    sortOf,
    total: totalOf,
    search: {
      pattern: searchPattern,
      // Sorted by name, the narrower equip_device_search_names (migration 0028: name and the filter
      // columns) has all a page needs; other sorts read every key.
      matches: (_query, pattern, key) =>
        key === 'name'
          ? sql`equip_device_search_names(${pattern})`
          : sql`equip_device_search_rows(${pattern})`,
      where: (query) => filters(match, query),
      sorts: sortsOver(match),
      id: match.uuid,
      join: sql`join ${devices} on ${devices.uuid} = ${match.uuid}`,
    },
  },
);
