import { ne } from 'drizzle-orm';
import { insertInChunks } from '../db/bulk-insert.ts';
import type { Db } from '../db/client.ts';
import { devices, organizations, PROVIDER_ORGANIZATION_UUID, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { ensureFeatureFlags } from '../modules/flags/service.ts';
import { planDemoDevices, seedPeripherals } from './demo-devices.ts';
import { ensureHardwareCatalog, seedHardwareRequests, seedOrders } from './demo-procurement.ts';
import { ensureApplications, seedBundles } from './demo-software.ts';
import {
  type DemoStaff,
  loginEmail,
  PROVIDER_ADMIN_PERSONA,
  planStaff,
  type StaffLoginRole,
} from './demo-staff.ts';
import {
  seedEnrollments,
  seedEventLog,
  seedGoogleWorkspace,
  seedHrIntegration,
  seedNotifications,
  seedOffboardings,
  seedOnboardings,
} from './demo-workplace.ts';
import { createFleetContext, type NewDevice } from './fleet.ts';
import { type DemoLogin, type DemoRole, generatePassword, writeDemoLogins } from './logins.ts';
import { EmailAllocator } from './names.ts';
import { addDays, createRandom, type Random } from './random.ts';
import type { DemoScope } from './scope.ts';

/** Every flag of SPEC §9 gets a row; an existing value is never overwritten. The demo turns all on. */
export { ensureFeatureFlags };

export interface DemoSeedOptions {
  /** Where demo-logins.json is written (null: nowhere). */
  dataDir: string | null;
  /** The moment the data is relative to (start dates, last-seen times…). */
  now?: Date;
  /** Seed of the pseudo-random generator: the same seed and `now` give the same data. */
  seed?: number;
}

export interface DemoSeedResult {
  organizationUuid: string;
  /** The second, small organisation (for switching organisations and seeing isolation). */
  secondOrganizationUuid: string;
  logins: DemoLogin[];
}

export const DEMO_SEED = 20_240_601;

const ACME = {
  name: 'Acme GmbH',
  domain: 'acme.example',
  hostPrefix: 'ACME',
  employees: 150,
  stockDevices: 40,
  peripherals: 320,
};
const GLOBEX = { name: 'Globex Ltd', domain: 'globex.example', hostPrefix: 'GLBX', employees: 10 };
const LOGIN_ROLES: readonly DemoRole[] = ['it-owner', 'equip-admin', 'regular'];

/** True before any organisation was created: the server seeds the demo on such a first start. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db
    .select({ uuid: organizations.uuid })
    .from(organizations)
    .where(ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID))
    .limit(1);
  return rows.length === 0;
}

/**
 * Creates the demo: "Acme GmbH" (~150 employees, ~250 devices, peripherals, bundles, orders,
 * integrations, flows, notifications and history) with three login accounts, and the small "Globex
 * Ltd". Everything is written in one transaction: all or nothing. The passwords are new random ones
 * on every call; they are returned and, with a `dataDir`, written to demo-logins.json (mode 0600).
 */
export async function seedDemoOrganization(db: Db, options: DemoSeedOptions): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEMO_SEED;
  const logins = LOGIN_ROLES.map((role) => ({
    email: loginEmail(role, ACME.domain),
    password: generatePassword(),
    role,
  }));
  // Hash before the transaction opens: argon2 takes a while and should not hold it open.
  const hashes = await Promise.all(logins.map((login) => hashPassword(login.password)));
  const hashOf = (role: DemoRole) => hashes[logins.findIndex((login) => login.role === role)]!;

  const result = await db.transaction(async (tx) => {
    await ensureFeatureFlags(tx, 'on');
    const applicationUuids = await ensureApplications(tx);
    const catalog = await ensureHardwareCatalog(tx);

    const acme = await createOrganization(
      tx,
      createRandom(seed),
      now,
      ACME.name,
      ACME.domain,
      ACME.employees,
      { 'it-owner': hashOf('it-owner'), regular: hashOf('regular') },
    );
    await seedProviderAdmin(tx, hashOf('equip-admin'), now);
    const acmeDevices = await seedDevicesAndPeripherals(
      acme,
      ACME.hostPrefix,
      { size: ACME.stockDevices, everyModel: true },
      ACME.peripherals,
    );
    const bundles = await seedBundles(acme, applicationUuids);
    const orders = await seedOrders(acme, catalog);
    await seedHardwareRequests(acme, catalog);
    await seedHrIntegration(acme);
    const groups = await seedGoogleWorkspace(acme, ACME.domain);
    await seedOnboardings(acme, { devices: acmeDevices, bundles, orders, groups });
    await seedOffboardings(acme, { devices: acmeDevices, bundles, orders, groups });
    await seedEnrollments(acme, acmeDevices);
    await seedNotifications(acme, acmeDevices);
    await seedEventLog(acme, acmeDevices);

    const globex = await createOrganization(
      tx,
      createRandom(seed + 1),
      now,
      GLOBEX.name,
      GLOBEX.domain,
      GLOBEX.employees,
      {},
    );
    await seedDevicesAndPeripherals(globex, GLOBEX.hostPrefix, { size: 0, everyModel: false }, 0);

    return { organizationUuid: acme.organizationUuid, secondOrganizationUuid: globex.organizationUuid };
  });

  if (options.dataDir) writeDemoLogins(options.dataDir, logins);
  return { ...result, logins };
}

/** The demo's provider admin, in the provider organisation (no organisation's employee). */
async function seedProviderAdmin(db: Db, passwordHash: string, now: Date): Promise<void> {
  await db
    .insert(users)
    .values({
      organizationUuid: PROVIDER_ORGANIZATION_UUID,
      email: PROVIDER_ADMIN_PERSONA.email,
      firstName: PROVIDER_ADMIN_PERSONA.firstName,
      lastName: PROVIDER_ADMIN_PERSONA.lastName,
      role: 'equip-admin',
      userType: 'unmanagedUser',
      source: 'equip',
      passwordHash,
      emailVerifiedAt: now,
    })
    .onConflictDoNothing();
}

/** The organisation row and its people; returns the scope the other areas are seeded in. */
async function createOrganization(
  db: Db,
  random: Random,
  now: Date,
  name: string,
  domain: string,
  employees: number,
  passwordHashes: Partial<Record<StaffLoginRole, string>>,
): Promise<DemoScope> {
  const createdAt = addDays(now, -540);
  const finished = Object.keys(passwordHashes).length > 0;
  const [organization] = await db
    .insert(organizations)
    .values({
      name,
      onboardingStep: finished ? 'finished' : 'createBundle',
      setupStartedAt: createdAt,
      setupCompletedAt: finished ? addDays(createdAt, 9) : null,
      testDeviceRegistrationStartedAt: addDays(createdAt, 2),
      iosRegistrationSkipped: !finished,
      createdAt,
      updatedAt: now,
    })
    .returning({ uuid: organizations.uuid });
  const organizationUuid = organization!.uuid;
  const staff: DemoStaff = planStaff(
    random,
    { organizationUuid, emails: new EmailAllocator(domain), now },
    employees,
    passwordHashes,
  );
  await insertInChunks(
    db,
    users,
    staff.people.map((person) => person.row),
  );
  return { db, random, now, organizationUuid, organizationName: name, staff };
}

/**
 * Devices (the devices-assigned trigger keeps users.devices_assigned right) and peripherals: asset
 * kinds, one definition per peripheral model and ~`peripherals` items.
 */
async function seedDevicesAndPeripherals(
  scope: DemoScope,
  hostPrefix: string,
  stock: { size: number; everyModel: boolean },
  peripherals: number,
): Promise<NewDevice[]> {
  const { db, random, organizationUuid, staff, now } = scope;
  const fleet = planDemoDevices(random, createFleetContext(organizationUuid, hostPrefix, now), staff, stock);
  await insertInChunks(db, devices, fleet);
  if (peripherals === 0) return fleet;

  await seedPeripherals(db, random, organizationUuid, staff, peripherals);
  return fleet;
}
