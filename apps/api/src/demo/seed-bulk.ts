import type { AssignmentType, DeviceStatus, DeviceType } from '@equip/domain/devices';
import type { EmployeeStatus } from '@equip/domain/identity';
import { sql } from 'drizzle-orm';
import { insertRowsAsJson } from '../db/bulk-insert.ts';
import type { Db } from '../db/client.ts';
import { devices, organizations, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedPeripherals } from './demo-devices.ts';
import { loginEmail, planStaff } from './demo-staff.ts';
import { pickModel } from './device-models.ts';
import { createFleetContext, type FleetContext, makeDevice, type NewDevice } from './fleet.ts';
import { type DemoLogin, generatePassword } from './logins.ts';
import { EmailAllocator, OFFICE_CITIES } from './names.ts';
import type { PlannedPerson } from './people.ts';
import { createRandom, type Random, spread } from './random.ts';

export interface BulkSeedOptions {
  organizationName: string;
  /** People in the organisation, the it-owner included (at least 1). */
  employees: number;
  devices: number;
  /** Peripheral items (monitors, headsets …) over the demo's peripheral models; none by default. */
  assets?: number;
  seed?: number;
  now?: Date;
  /** Called between the stages, e.g. to print progress. */
  onProgress?: (message: string) => void;
}

export interface BulkSeedResult {
  organizationUuid: string;
  employees: number;
  devices: number;
  assignedDevices: number;
  assets: number;
  login: DemoLogin;
  elapsedMs: number;
}

export const BULK_LIMITS = { employees: 1_000_000, devices: 2_000_000, assets: 2_000_000 } as const;

/** A large organisation has proportionally fewer people in transition than the 150-person demo. */
const BULK_STATUS_SHARES: readonly (readonly [EmployeeStatus, number])[] = [
  ['ACTIVE', 84],
  ['ONBOARDING', 3],
  ['OFFBOARDING', 2],
  ['LEAVE', 3],
  ['INACTIVE', 8],
];
const DEVICE_TYPE_SHARES: readonly (readonly [DeviceType, number])[] = [
  ['COMPUTER', 55],
  ['PHONE', 35],
  ['TABLET', 10],
];
const DEVICE_STATUS_SHARES: readonly (readonly [DeviceStatus, number])[] = [
  ['active', 72],
  ['awaiting-registration', 5],
  ['in-stock', 9],
  ['ordered', 3],
  ['inactive', 6],
  ['new', 5],
];

/**
 * Builds one large organisation in a single transaction: the people and devices are generated in
 * memory, then written with a few multi-thousand-row statements (see insertRowsAsJson).
 *
 * The devices-assigned trigger would run one UPDATE per assigned device; for the bulk insert it is
 * disabled inside the transaction and users.devices_assigned is written directly from the same plan.
 * ALTER TABLE holds an exclusive lock on `devices` until the commit, so a running server waits for
 * the seed to finish before it can read devices.
 */
export async function seedBulkOrganization(db: Db, options: BulkSeedOptions): Promise<BulkSeedResult> {
  assertCount('employees', options.employees, 1, BULK_LIMITS.employees);
  assertCount('devices', options.devices, 0, BULK_LIMITS.devices);
  assertCount('assets', options.assets ?? 0, 0, BULK_LIMITS.assets);
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const now = options.now ?? new Date();
  const random = createRandom(options.seed ?? 1);
  const domain = emailDomain(options.organizationName);
  const login: DemoLogin = {
    email: loginEmail('it-owner', domain),
    password: generatePassword(),
    role: 'it-owner',
  };
  const passwordHash = await hashPassword(login.password);

  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: options.organizationName,
        onboardingStep: 'finished',
        setupStartedAt: now,
        setupCompletedAt: now,
      })
      .returning({ uuid: organizations.uuid });
    const organizationUuid = organization!.uuid;

    const context = { organizationUuid, emails: new EmailAllocator(domain), now };
    const staff = planStaff(
      random,
      context,
      options.employees,
      { 'it-owner': passwordHash },
      BULK_STATUS_SHARES,
    );
    const { people } = staff;
    const fleet = planDevices(
      random,
      createFleetContext(organizationUuid, hostPrefix(options.organizationName), now),
      people,
      options.devices,
    );
    const assignedDevices = countAssignments(people, fleet);
    progress(`generated ${people.length} employees and ${fleet.length} devices`);

    await tx.execute(sql`alter table devices disable trigger devices_assigned_counter`);
    await insertRowsAsJson(
      tx,
      users,
      people.map((person) => person.row),
    );
    progress(`inserted ${people.length} employees`);
    await insertRowsAsJson(tx, devices, fleet);
    progress(`inserted ${fleet.length} devices`);
    await tx.execute(sql`alter table devices enable trigger devices_assigned_counter`);

    let assets = 0;
    if (options.assets) {
      const written = await seedPeripherals(tx, random, organizationUuid, staff, options.assets);
      assets = written.items;
      progress(`inserted ${assets} peripherals of ${written.models} models`);
    }

    return {
      organizationUuid,
      employees: people.length,
      devices: fleet.length,
      assignedDevices,
      assets,
      login,
      elapsedMs: Math.round(performance.now() - started),
    };
  });
}

function assertCount(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
}

/** "Bench Corp" → bench-corp.example */
export function emailDomain(organizationName: string): string {
  const slug = organizationName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'organization'}.example`;
}

function hostPrefix(organizationName: string): string {
  return (organizationName.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'ORG').toUpperCase();
}

/**
 * Devices in use go round-robin to the people who can hold them, so that each has about the same
 * number; devices on order go to people who are about to start.
 */
function planDevices(
  random: Random,
  context: FleetContext,
  people: PlannedPerson[],
  count: number,
): NewDevice[] {
  const holders = random.shuffle(
    people.filter((p) => p.row.employeeStatus !== 'INACTIVE' && p.row.userType !== 'unmanagedUser'),
  );
  const starters = people.filter((p) => p.row.employeeStatus === 'ONBOARDING');
  let nextHolder = 0;
  let nextStarter = 0;
  const statuses = spread(random, count, DEVICE_STATUS_SHARES);
  const fleet: NewDevice[] = [];
  for (let i = 0; i < count; i++) {
    const status = statuses[i]!;
    const type = random.weighted(DEVICE_TYPE_SHARES);
    const assignmentType = assignmentFor(random, status, holders.length > 0);
    let assignee: PlannedPerson | null = null;
    if (assignmentType === 'ASSIGNED') {
      assignee =
        status === 'ordered' && starters.length > 0
          ? starters[nextStarter++ % starters.length]!
          : holders[nextHolder++ % holders.length]!;
    }
    fleet.push(
      makeDevice(random, context, pickModel(random, type), {
        status,
        assignmentType,
        assignee,
        location: assignee?.location ?? random.pick(OFFICE_CITIES),
      }),
    );
  }
  return fleet;
}

function assignmentFor(random: Random, status: DeviceStatus, canAssign: boolean): AssignmentType {
  if (!canAssign) return 'UNASSIGNED';
  switch (status) {
    case 'active':
    case 'awaiting-registration':
      return random.chance(0.93) ? 'ASSIGNED' : 'SHARED';
    case 'ordered':
      return 'ASSIGNED';
    default:
      return 'UNASSIGNED';
  }
}

/** Writes each person's device count into their row (the trigger is off) and returns the total. */
function countAssignments(people: PlannedPerson[], fleet: NewDevice[]): number {
  const counts = new Map<string, number>();
  for (const device of fleet) {
    if (device.assignedToUuid)
      counts.set(device.assignedToUuid, (counts.get(device.assignedToUuid) ?? 0) + 1);
  }
  for (const person of people) person.row.devicesAssigned = counts.get(person.row.uuid) ?? 0;
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}
