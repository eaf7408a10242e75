import { randomUUID } from 'node:crypto';
import type { AssignmentType, DeviceOs, DeviceStatus, EnrollmentState } from '@equip/domain/devices';
import type { devices } from '../db/schema/index.ts';
import type { DeviceModel } from './device-models.ts';
import type { OfficeLocation } from './names.ts';
import type { PlannedPerson } from './people.ts';
import { addDays, type Random } from './random.ts';

export type NewDevice = typeof devices.$inferInsert;
type MdmProvider = NonNullable<NewDevice['mdmProvider']>;

export interface FleetContext {
  organizationUuid: string;
  /** Prefix of host names, e.g. ACME. */
  hostPrefix: string;
  now: Date;
  /** Running counters: host-name numbers and the enrolment states of devices awaiting registration. */
  counters: { hostNumber: number; awaiting: number };
}

export function createFleetContext(organizationUuid: string, hostPrefix: string, now: Date): FleetContext {
  return { organizationUuid, hostPrefix, now, counters: { hostNumber: 0, awaiting: 0 } };
}

export interface Placement {
  status: DeviceStatus;
  assignmentType: AssignmentType;
  /** Set exactly when assignmentType is ASSIGNED. */
  assignee?: PlannedPerson | null;
  location: OfficeLocation;
  /** Name of the spot where a shared device lives ("Reception", "Meeting room 2"). */
  spot?: string;
}

/**
 * Devices awaiting registration cycle through these states, so that a handful of them already shows
 * every state the enrolment flow can be in.
 */
const AWAITING_STATES: readonly EnrollmentState[] = [
  'PENDING_ENROLLMENT',
  'READY_TO_ENROLL',
  'FAILED_ENROLLMENT',
  'PENDING_ENROLLMENT',
];

/** One device whose enrolment, security and timestamps are consistent with its status. */
export function makeDevice(
  random: Random,
  context: FleetContext,
  model: DeviceModel,
  placement: Placement,
): NewDevice {
  const enrollmentState = enrollmentStateFor(context, placement.status);
  const enrolled = enrollmentState === 'ENROLLED';
  const reportsToMdm =
    enrolled || enrollmentState === 'PENDING_ENROLLMENT' || enrollmentState === 'FAILED_ENROLLMENT';
  const securityProvider = enrolled && model.type === 'COMPUTER' ? securityProviderFor(random) : null;
  const assignee = placement.assignmentType === 'ASSIGNED' ? (placement.assignee ?? null) : null;
  const known = placement.status !== 'ordered' && placement.status !== 'new';
  const createdAt = createdAtFor(random, context.now, placement.status);
  return {
    uuid: randomUUID(),
    organizationUuid: context.organizationUuid,
    name: deviceName(context, model, assignee, placement),
    serialNumber: placement.status === 'ordered' ? null : model.serialNumber(random),
    type: model.type,
    os: model.os,
    osVersion: known ? random.pick(model.osVersions) : null,
    model: model.model,
    manufacturer: model.manufacturer,
    specification: model.specification(random),
    status: placement.status,
    assignmentType: placement.assignmentType,
    assignedToUuid: assignee?.row.uuid ?? null,
    location: placement.location,
    enrollmentState,
    mdmProvider: reportsToMdm ? mdmProviderFor(random, model) : null,
    securityProvider,
    isEncrypted: enrolled
      ? random.chance(model.type === 'COMPUTER' ? 0.92 : 0.97)
      : placement.status === 'in-stock',
    isProtected: enrolled
      ? securityProvider !== null || (model.type !== 'COMPUTER' && random.chance(0.9))
      : false,
    lastSeenAt: lastSeenFor(random, context.now, placement.status, enrolled),
    createdAt,
    updatedAt: createdAt,
  };
}

function enrollmentStateFor(context: FleetContext, status: DeviceStatus): EnrollmentState {
  switch (status) {
    case 'active':
    case 'inactive':
      return 'ENROLLED';
    case 'awaiting-registration':
      return AWAITING_STATES[context.counters.awaiting++ % AWAITING_STATES.length]!;
    default:
      return 'READY_TO_ENROLL';
  }
}

const MDM_BY_OS: Record<DeviceOs, readonly (readonly [MdmProvider, number])[]> = {
  MACOS: [
    ['JAMF', 65],
    ['FLEET', 35],
  ],
  IOS: [
    ['JAMF', 85],
    ['MANAGE_ENGINE', 15],
  ],
  WINDOWS: [
    ['MANAGE_ENGINE', 60],
    ['FLEET', 40],
  ],
  UNKNOWN: [
    ['FLEET', 50],
    ['MANAGE_ENGINE', 50],
  ],
};

function mdmProviderFor(random: Random, model: DeviceModel): MdmProvider {
  return random.weighted(MDM_BY_OS[model.os]);
}

function securityProviderFor(random: Random): NewDevice['securityProvider'] {
  return random.weighted([
    ['sentinelone', 55],
    ['withsecure', 35],
    [null, 10],
  ] as const);
}

function lastSeenFor(random: Random, now: Date, status: DeviceStatus, enrolled: boolean): Date | null {
  if (!enrolled) return null;
  if (status === 'inactive') return addDays(now, -random.int(35, 240));
  return new Date(now.getTime() - random.int(2, 3 * 24 * 60) * 60_000);
}

function createdAtFor(random: Random, now: Date, status: DeviceStatus): Date {
  if (status === 'ordered' || status === 'new') return addDays(now, -random.int(1, 20));
  return addDays(now, -random.int(30, 3 * 365));
}

const PERSONAL_TYPES = new Set(['PHONE', 'TABLET']);

/**
 * Macs and iPhones carry their owner's name ("Lena's MacBook Air 13" M2"); managed Windows and Linux
 * machines and unassigned stock carry a host name (ACME-LAT74-0042); shared devices their spot.
 */
function deviceName(
  context: FleetContext,
  model: DeviceModel,
  assignee: PlannedPerson | null,
  placement: Placement,
): string {
  if (placement.spot) return `${placement.location} ${placement.spot} (${model.model})`;
  const personal = model.manufacturer === 'Apple' || PERSONAL_TYPES.has(model.type);
  if (assignee && personal) return `${assignee.row.firstName}'s ${model.model}`;
  context.counters.hostNumber += 1;
  return `${context.hostPrefix}-${model.code}-${String(context.counters.hostNumber).padStart(4, '0')}`;
}
