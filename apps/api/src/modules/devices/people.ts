import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collated } from '../../db/collation.ts';
import { devices } from '../../db/schema/index.ts';

/** The fields of the Device response (never the search column or the assignee's names). */
export const DEVICE_COLUMNS = {
  uuid: devices.uuid,
  organizationUuid: devices.organizationUuid,
  name: devices.name,
  serialNumber: devices.serialNumber,
  type: devices.type,
  os: devices.os,
  osVersion: devices.osVersion,
  model: devices.model,
  manufacturer: devices.manufacturer,
  status: devices.status,
  assignmentType: devices.assignmentType,
  assignedToUuid: devices.assignedToUuid,
  location: devices.location,
  enrollmentState: devices.enrollmentState,
  mdmProvider: devices.mdmProvider,
  isEncrypted: devices.isEncrypted,
  isProtected: devices.isProtected,
  lastSeenAt: devices.lastSeenAt,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

/** The devices assigned to a person, by name. */
export function devicesAssignedTo(tx: Db, userUuid: string) {
  return tx
    .select(DEVICE_COLUMNS)
    .from(devices)
    .where(eq(devices.assignedToUuid, userUuid))
    .orderBy(collated(devices.name), devices.uuid);
}

/** A removed person's devices go back to stock, unassigned. */
export async function returnDevicesOf(tx: Db, userUuid: string): Promise<void> {
  await tx
    .update(devices)
    .set({ assignedToUuid: null, assignmentType: 'UNASSIGNED', updatedAt: new Date() })
    .where(eq(devices.assignedToUuid, userUuid));
}

/** People who hold an enrolled device (a subquery of user ids, for other areas' filters). */
export function holdersOfEnrolledDevices(tx: Db) {
  return tx
    .select({ uuid: devices.assignedToUuid })
    .from(devices)
    .where(and(eq(devices.enrollmentState, 'ENROLLED'), isNotNull(devices.assignedToUuid)));
}

/** The same people as SQL, for a list definition's filter (its statement is built without a transaction). */
export const enrolledDeviceHolders: SQL = sql`select ${devices.assignedToUuid} from ${devices}
  where ${devices.enrollmentState} = 'ENROLLED' and ${devices.assignedToUuid} is not null`;
