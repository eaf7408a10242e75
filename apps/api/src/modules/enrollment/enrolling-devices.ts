import type { DeviceOs, DeviceType, EnrollmentState } from '@equip/domain/devices';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { logEvent } from '../audit-log/index.ts';

/**
 * What enrolment does to the device a person enrols: find or add it, move its enrolment state. Inside
 * the caller's tenant transaction.
 */

export interface EnrollingDevice {
  uuid: string;
  name: string;
  enrollmentState: EnrollmentState;
}

const ENROLLING = { uuid: devices.uuid, name: devices.name, enrollmentState: devices.enrollmentState };

/**
 * The person's device of this kind that is still to be enrolled (or failed, or half-way), oldest
 * first; with a serial number, exactly that device. Null when there is none.
 */
export async function enrollableDeviceOf(
  tx: Db,
  person: { userUuid: string },
  kind: { os: DeviceOs; type: DeviceType } | null,
  serialNumber: string | undefined,
): Promise<EnrollingDevice | null> {
  const [row] = await tx
    .select(ENROLLING)
    .from(devices)
    .where(
      and(
        eq(devices.assignedToUuid, person.userUuid),
        inArray(devices.enrollmentState, ['READY_TO_ENROLL', 'PENDING_ENROLLMENT', 'FAILED_ENROLLMENT']),
        ...(kind ? [eq(devices.os, kind.os), eq(devices.type, kind.type)] : []),
        ...(serialNumber ? [sql`lower(${devices.serialNumber}) = ${serialNumber.toLowerCase()}`] : []),
      ),
    )
    .orderBy(asc(devices.createdAt))
    .limit(1);
  return row ?? null;
}

/** Adds the device a person enrols from the browser, assigned to them (DEVICE_ADDED via enrollment). */
export async function addEnrollingDevice(
  tx: Db,
  person: { userUuid: string; organizationUuid: string },
  device: { name: string; os: DeviceOs; type: DeviceType; serialNumber?: string | undefined },
): Promise<EnrollingDevice> {
  const [row] = await tx
    .insert(devices)
    .values({
      organizationUuid: person.organizationUuid,
      name: device.name,
      os: device.os,
      type: device.type,
      serialNumber: device.serialNumber ?? null,
      status: 'awaiting-registration',
      assignmentType: 'ASSIGNED',
      assignedToUuid: person.userUuid,
      enrollmentState: 'READY_TO_ENROLL',
    })
    .returning(ENROLLING);
  await logEvent(tx, {
    organizationUuid: person.organizationUuid,
    type: 'DEVICE_ADDED',
    actorUuid: person.userUuid,
    subjectUuid: row!.uuid,
    data: {
      name: device.name,
      type: device.type,
      os: device.os,
      status: 'awaiting-registration',
      via: 'enrollment',
    },
  });
  return row!;
}

/** Moves a device's enrolment state; an enrolled device becomes active. Returns its name and OS. */
export async function setEnrollmentState(
  tx: Db,
  deviceUuid: string,
  state: EnrollmentState,
): Promise<{ name: string; os: DeviceOs } | null> {
  const [row] = await tx
    .update(devices)
    .set({
      enrollmentState: state,
      // Enrolled (again): in use, and what its MDM reported before (wiped) no longer holds.
      ...(state === 'ENROLLED' ? { status: 'active' as const, mdmStatus: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(devices.uuid, deviceUuid))
    .returning({ name: devices.name, os: devices.os });
  return row ?? null;
}
