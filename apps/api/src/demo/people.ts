import { randomUUID } from 'node:crypto';
import type { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import type { users } from '../db/schema/index.ts';
import {
  DEPARTMENT_WEIGHTS,
  type Department,
  type EmailAllocator,
  germanMobileNumber,
  LICENSES,
  LOCATION_WEIGHTS,
  type OfficeLocation,
  type PersonName,
  POSITIONS,
  randomPerson,
} from './names.ts';
import { addDays, isoDate, type Random } from './random.ts';

export type NewUser = typeof users.$inferInsert;

/** A person as the seeders plan them: the row to insert plus facts that only other rows need. */
export interface PlannedPerson {
  row: NewUser & { uuid: string; email: string; employeeStatus: EmployeeStatus };
  department: Department | null;
  /** Where the person works; their devices are kept there. */
  location: OfficeLocation;
}

export interface PeopleContext {
  organizationUuid: string;
  emails: EmailAllocator;
  now: Date;
}

/** Shares of a ~150-person company; every status occurs. */
export const EMPLOYEE_STATUS_SHARES: readonly (readonly [EmployeeStatus, number])[] = [
  ['ACTIVE', 77],
  ['ONBOARDING', 7],
  ['OFFBOARDING', 5],
  ['LEAVE', 4],
  ['INACTIVE', 7],
];
export const USER_TYPE_SHARES: readonly (readonly [UserType, number])[] = [
  ['regularUser', 82],
  ['lightUser', 12],
  ['unmanagedUser', 6],
];
/** Most people come from the HR system; the rest were added in Equip by hand or by CSV. */
export const USER_SOURCE_SHARES: readonly (readonly [UserSource, number])[] = [
  ['hris', 75],
  ['equip', 25],
];

export interface PersonTraits {
  status: EmployeeStatus;
  userType: UserType;
  source: UserSource;
  department?: Department;
  name?: PersonName;
  email?: string;
  position?: string;
}

/** One employee with dates, contact details and licence consistent with their status. */
export function makePerson(random: Random, context: PeopleContext, traits: PersonTraits): PlannedPerson {
  const name = traits.name ?? randomPerson(random);
  const department = traits.department ?? random.weighted(DEPARTMENT_WEIGHTS);
  const email = traits.email ?? context.emails.next(name);
  const { startDate, lastDate } = employmentDates(random, context.now, traits.status);
  // Added to Equip some weeks before their first day, or when Equip came in (two years ago).
  const firstDay = new Date(`${startDate}T09:00:00Z`);
  const earliest = new Date(Math.max(addDays(firstDay, -45).getTime(), addDays(context.now, -730).getTime()));
  const createdAt = random.dateBetween(earliest, addDays(context.now, -1));
  return {
    department,
    location: random.weighted(LOCATION_WEIGHTS),
    row: {
      uuid: randomUUID(),
      organizationUuid: context.organizationUuid,
      email,
      firstName: name.firstName,
      lastName: name.lastName,
      phone: random.chance(0.8) ? germanMobileNumber(random) : null,
      department,
      position: traits.position ?? random.pick(POSITIONS[department]),
      startDate,
      lastDate,
      employeeStatus: traits.status,
      userType: traits.userType,
      role: 'regular',
      source: traits.source,
      license: licenseFor(random, traits, department),
      invitedAt: traits.userType === 'unmanagedUser' ? null : createdAt,
      createdAt,
      updatedAt: context.now,
    },
  };
}

/** Start and last day as the status implies them (dates relative to `now`). */
export function employmentDates(
  random: Random,
  now: Date,
  status: EmployeeStatus,
): { startDate: string; lastDate: string | null } {
  const daysAgo = (min: number, max: number) => isoDate(addDays(now, -random.int(min, max)));
  const daysAhead = (min: number, max: number) => isoDate(addDays(now, random.int(min, max)));
  switch (status) {
    case 'ACTIVE':
      return { startDate: daysAgo(20, 8 * 365), lastDate: null };
    case 'ONBOARDING':
      return { startDate: daysAhead(3, 45), lastDate: null };
    case 'OFFBOARDING':
      return { startDate: daysAgo(180, 6 * 365), lastDate: daysAhead(1, 21) };
    case 'LEAVE':
      return { startDate: daysAgo(365, 7 * 365), lastDate: null };
    case 'INACTIVE': {
      const lastDate = addDays(now, -random.int(7, 400));
      return {
        startDate: isoDate(addDays(lastDate, -random.int(120, 5 * 365))),
        lastDate: isoDate(lastDate),
      };
    }
  }
}

function licenseFor(random: Random, traits: PersonTraits, department: Department): string | null {
  if (traits.status === 'INACTIVE' || traits.userType === 'unmanagedUser') return null;
  if (traits.userType === 'lightUser' && random.chance(0.5)) return null;
  // Finance and Legal work in Microsoft Office and DATEV; everyone else lives in Google Workspace.
  if (department === 'Finance' || department === 'Legal') return LICENSES[1];
  return random.chance(0.95) ? LICENSES[0] : LICENSES[1];
}
