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

/** The people of a demo organisation, with the two who can log in picked out. */
export interface DemoStaff {
  people: PlannedPerson[];
  itOwner: PlannedPerson;
  regular: PlannedPerson | null;
}

/** The roles of an organisation's demo logins (the provider admin is nobody's employee). */
export type StaffLoginRole = Exclude<DemoRole, 'equip-admin'>;

/** The provider's own domain: provider admins are not the organisation's employees. */
export const PROVIDER_ADMIN_EMAIL = 'admin@equip.example';

/** The demo's provider admin, who lives in the provider organisation (see seed-demo.ts). */
export const PROVIDER_ADMIN_PERSONA = { firstName: 'Alex', lastName: 'Admin', email: PROVIDER_ADMIN_EMAIL };

/** Who the demo logins are; `email` is the local part in the organisation's domain. */
const LOGIN_PERSONAS: Record<StaffLoginRole, PersonTraits & { email: string }> = {
  'it-owner': {
    name: { firstName: 'Ida', lastName: 'Owner' },
    email: 'it',
    status: 'ACTIVE',
    userType: 'regularUser',
    source: 'hris',
    department: 'IT',
    position: 'Head of IT',
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
  if (role === 'equip-admin') return PROVIDER_ADMIN_EMAIL;
  return `${LOGIN_PERSONAS[role].email}@${domain}`;
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
  passwordHashes: Partial<Record<StaffLoginRole, string>>,
  statusShares: readonly (readonly [EmployeeStatus, number])[] = EMPLOYEE_STATUS_SHARES,
): DemoStaff {
  const loginPeople = new Map<StaffLoginRole, PlannedPerson>();
  const roles = Object.keys(passwordHashes) as StaffLoginRole[];
  for (const role of roles) context.emails.reserve(loginEmail(role, context.emails.domain));
  for (const role of roles) {
    const person = makePerson(random, context, {
      ...LOGIN_PERSONAS[role],
      email: loginEmail(role, context.emails.domain),
    });
    Object.assign(person.row, { role, passwordHash: passwordHashes[role], emailVerifiedAt: context.now });
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
  return { people, itOwner, regular: loginPeople.get('regular') ?? null };
}

export function isLogin(staff: DemoStaff, person: PlannedPerson): boolean {
  return person === staff.itOwner || person === staff.regular;
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
