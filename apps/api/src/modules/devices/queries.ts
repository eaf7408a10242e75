import type { DeviceListItem, DeviceListQuery } from '@equip/domain/devices';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { allRows, type JsonText, type Page, readJsonPage } from '../../lists/list-query.ts';
import { deviceList } from './list.ts';
import { DEVICE_COLUMNS } from './people.ts';

/** What the devices area writes into a device's row. */
export type DeviceValues = typeof devices.$inferInsert;

/**
 * One page of the devices table and its filtered total as the response body, written by the database in
 * one pipelined read (lists/list-query.ts; a search pages through its matches, see deviceList).
 */
export function listDevices(
  reads: TenantReads,
  organizationUuid: string,
  query: DeviceListQuery,
): Promise<JsonText<Page<DeviceListItem>>> {
  return readJsonPage(reads, deviceList, organizationUuid, query);
}

/**
 * Every device the table's filters match, in its order, a page at a time, in the caller's transaction
 * (the export). Rows as the driver reads them: instants may be Dates.
 */
export function exportRows(
  tx: Db,
  organizationUuid: string,
  query: Omit<DeviceListQuery, 'skip' | 'take' | 'cursor'>,
): AsyncGenerator<DeviceListItem[]> {
  return allRows(tx, deviceList, organizationUuid, { ...query, skip: 0, take: 2000 });
}

/** The columns of a device's detail (the DeviceDetail response's fields), never the search column. */
const DETAIL_COLUMNS = {
  ...DEVICE_COLUMNS,
  specification: devices.specification,
  assigneeFirstName: devices.assigneeFirstName,
  assigneeLastName: devices.assigneeLastName,
  securityProvider: devices.securityProvider,
  mdmStatus: devices.mdmStatus,
  mdmMissingSince: devices.mdmMissingSince,
  orderUuid: devices.orderUuid,
};

export type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

/** A device of the tenant (row-level security hides other organisations' devices), or null. */
export async function findDevice(tx: Db, uuid: string) {
  const [row] = await tx.select(DETAIL_COLUMNS).from(devices).where(eq(devices.uuid, uuid));
  return row ?? null;
}

/** The tenant's devices among `uuids` (other organisations' are left out by row-level security). */
export function findDevices(tx: Db, uuids: string[]) {
  return tx.select(DETAIL_COLUMNS).from(devices).where(inArray(devices.uuid, uuids));
}

export async function insertDevice(tx: Db, values: DeviceValues): Promise<string> {
  const [row] = await tx.insert(devices).values(values).returning({ uuid: devices.uuid });
  return row!.uuid;
}

export async function updateDevice(tx: Db, uuid: string, changes: Partial<DeviceValues>): Promise<void> {
  await tx
    .update(devices)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(devices.uuid, uuid));
}

/** The same change to several devices, in one statement. */
export async function updateDevices(tx: Db, uuids: string[], changes: Partial<DeviceValues>): Promise<void> {
  await tx
    .update(devices)
    .set({ ...changes, updatedAt: new Date() })
    .where(inArray(devices.uuid, uuids));
}
