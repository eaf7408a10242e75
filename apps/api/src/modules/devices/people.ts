import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

/** The devices assigned to a person, by name. */
export function devicesAssignedTo(tx: Db, userUuid: string) {
  return tx.select().from(devices).where(eq(devices.assignedToUuid, userUuid)).orderBy(devices.name);
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
