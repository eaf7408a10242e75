import type { EmployeeStatus } from '@equip/domain/identity';
import type { DemoRole } from './logins.ts';
import type { Department } from './names.ts';
import {
  EMPLOYEE_STATUS_SHARES,
  makePerson,
  type PeopleContext,
  type PersonTraits,
  type PlannedPerson,
  USER_SOURCE_SHARES,
  USER_TYPE_SHARES,
} from './people.ts';
import { type Random, spread } from './random.ts';

/** The people of a demo organisation, with the three who can log in picked out. */
export interface DemoStaff {
  people: PlannedPerson[];
  itOwner: PlannedPerson;
  admin: PlannedPerson | null;
  regular: PlannedPerson | null;
}

/** The provider's own domain: provider admins are not the organisation's employees. */
export const PROVIDER_ADMIN_EMAIL = 'admin@equip.example';

/** Who the demo logins are; `email` is the local part in the organisation's domain. */
const LOGIN_PERSONAS: Record<DemoRole, PersonTraits & { email: string }> = {
  'it-owner': {
    name: { firstName: 'Ida', lastName: 'Owner' },
    email: 'it',
    status: 'ACTIVE',
    userType: 'regularUser',
    source: 'hris',
    department: 'IT',
    position: 'Head of IT',
  },
  // A provider admin: kept in Acme's user table, acts for any organisation.
  'equip-admin': {
    name: { firstName: 'Alex', lastName: 'Admin' },
    email: PROVIDER_ADMIN_EMAIL,
    status: 'ACTIVE',
    userType: 'unmanagedUser',
    source: 'equip',
    position: 'Equip provider administrator',
  },
  regular: {
    name: { firstName: 'Max', lastName: 'Mustermann' },
    email: 'max.mustermann',
    status: 'ACTIVE',
    userType: 'regularUser',
    source: 'hris',
    department: 'Engineering',
    position: 'Frontend Engineer',
  },
};

export function loginEmail(role: DemoRole, domain: string): string {
  const { email } = LOGIN_PERSONAS[role];
  return email.includes('@') ? email : `${email}@${domain}`;
}

/**
 * `count` people: the login accounts plus employees spread over every status, user type and source.
 * Counts per value are fixed quotas (not independent draws), so even a small staff shows every value.
 */
export function planStaff(
  random: Random,
  context: PeopleContext,
  count: number,
  /** Password hash per login account to create. */
  passwordHashes: Partial<Record<DemoRole, string>>,
  statusShares: readonly (readonly [EmployeeStatus, number])[] = EMPLOYEE_STATUS_SHARES,
): DemoStaff {
  const loginPeople = new Map<DemoRole, PlannedPerson>();
  const roles = Object.keys(passwordHashes) as DemoRole[];
  for (const role of roles) context.emails.reserve(loginEmail(role, context.emails.domain));
  for (const role of roles) {
    const person = makePerson(random, context, {
      ...LOGIN_PERSONAS[role],
      email: loginEmail(role, context.emails.domain),
    });
    Object.assign(person.row, {
      role,
      passwordHash: passwordHashes[role],
      emailVerifiedAt: context.now,
      // The provider admin is no employee of Acme: no phone, department or licence.
      ...(role === 'equip-admin' ? { phone: null, department: null, license: null } : {}),
    });
    if (role === 'equip-admin') person.department = null;
    loginPeople.set(role, person);
  }

  const others = Math.max(0, count - loginPeople.size);
  const statuses = spread(random, others, statusShares);
  const userTypes = spread(random, others, USER_TYPE_SHARES);
  const sources = spread(random, others, USER_SOURCE_SHARES);
  const people = [...loginPeople.values()];
  for (let i = 0; i < others; i++) {
    people.push(
      makePerson(random, context, { status: statuses[i]!, userType: userTypes[i]!, source: sources[i]! }),
    );
  }
  // Without an it-owner login, the first person at work administers the organisation (no password).
  const itOwner =
    loginPeople.get('it-owner') ?? people.find((p) => p.row.employeeStatus === 'ACTIVE') ?? people[0]!;
  itOwner.row.role = 'it-owner';
  return {
    people,
    itOwner,
    admin: loginPeople.get('equip-admin') ?? null,
    regular: loginPeople.get('regular') ?? null,
  };
}

export function isLogin(staff: DemoStaff, person: PlannedPerson): boolean {
  return person === staff.itOwner || person === staff.admin || person === staff.regular;
}

/** People still at work (they hold devices, bundles and peripherals). */
export function isAtWork(person: PlannedPerson): boolean {
  const status = person.row.employeeStatus;
  return status === 'ACTIVE' || status === 'LEAVE' || status === 'OFFBOARDING';
}

export function inDepartment(people: readonly PlannedPerson[], department: Department): PlannedPerson[] {
  return people.filter((p) => p.department === department);
}

export function withStatus(people: readonly PlannedPerson[], status: EmployeeStatus): PlannedPerson[] {
  return people.filter((p) => p.row.employeeStatus === status);
}
