import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AssignmentType,
  DeviceOs,
  DeviceStatus,
  DeviceType,
  EnrollmentState,
  MdmProvider,
} from '@equip/domain/devices';
import { FEATURE_FLAGS } from '@equip/domain/flags';
import { OffboardingSubmission, OnboardingSubmission } from '@equip/domain/flows';
import { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import {
  assetInstances,
  bundleEmployees,
  bundles,
  devices,
  featureFlags,
  offboardings,
  onboardings,
  orders,
  organizations,
  PROVIDER_ORGANIZATION_UUID,
  users,
} from '../db/schema/index.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { getTestDatabase } from '../test/database.ts';
import { planDemoDevices } from './demo-devices.ts';
import { planStaff } from './demo-staff.ts';
import { createFleetContext } from './fleet.ts';
import { DEMO_LOGINS_FILE } from './logins.ts';
import { EmailAllocator } from './names.ts';
import { createRandom } from './random.ts';
import {
  type DemoSeedResult,
  ensureFeatureFlags,
  isDatabaseEmpty,
  seedDemoOrganization,
} from './seed-demo.ts';
import { inRolledBackTransaction } from './test-helpers.ts';

const NOW = new Date('2025-01-15T10:00:00.000Z');
const distinct = <T>(values: readonly T[]) => new Set(values);

/** Everything the assertions look at, read inside the seeding transaction before it is rolled back. */
async function seedAndRead(db: Db, dataDir: string) {
  // Start from an empty flag table to see the demo turn every flag on.
  await db.delete(featureFlags);
  const result = await seedDemoOrganization(db, { dataDir, now: NOW });
  const org = result.organizationUuid;
  const mismatchedCounters = await db.execute(sql`
    select count(*)::int as n from users u
    where u.organization_uuid in (${org}, ${result.secondOrganizationUuid})
      and u.devices_assigned <> (select count(*) from devices d where d.assigned_to_uuid = u.uuid)`);
  return {
    result,
    empty: await isDatabaseEmpty(db),
    organizations: await db
      .select()
      .from(organizations)
      .where(inArray(organizations.uuid, [org, result.secondOrganizationUuid])),
    users: await db.select().from(users).where(eq(users.organizationUuid, org)),
    providerAdmins: await db
      .select()
      .from(users)
      .where(eq(users.organizationUuid, PROVIDER_ORGANIZATION_UUID)),
    devices: await db.select().from(devices).where(eq(devices.organizationUuid, org)),
    otherUsers: await db
      .select()
      .from(users)
      .where(eq(users.organizationUuid, result.secondOrganizationUuid)),
    otherDevices: await db
      .select()
      .from(devices)
      .where(eq(devices.organizationUuid, result.secondOrganizationUuid)),
    bundles: await db.select().from(bundles).where(eq(bundles.organizationUuid, org)),
    bundleEmployees: await db.select().from(bundleEmployees).where(eq(bundleEmployees.organizationUuid, org)),
    assets: await db.select().from(assetInstances).where(eq(assetInstances.organizationUuid, org)),
    orders: await db.select().from(orders).where(eq(orders.organizationUuid, org)),
    onboardings: await db.select().from(onboardings).where(eq(onboardings.organizationUuid, org)),
    offboardings: await db.select().from(offboardings).where(eq(offboardings.organizationUuid, org)),
    flags: await db.select().from(featureFlags),
    mismatchedCounters: (mismatchedCounters as unknown as { rows: { n: number }[] }).rows[0]!.n,
  };
}

describe('demo seed', () => {
  let seeded: Awaited<ReturnType<typeof seedAndRead>>;
  let result: DemoSeedResult;
  let dataDir: string;

  beforeAll(async () => {
    const { db } = await getTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'equip-demo-'));
    seeded = await inRolledBackTransaction(db, (tx) => seedAndRead(tx, dataDir));
    result = seeded.result;
  });

  it('creates Acme (setup finished) and the small Globex', () => {
    const acme = seeded.organizations.find((o) => o.uuid === result.organizationUuid)!;
    expect(acme.name).toBe('Acme GmbH');
    expect(acme.onboardingStep).toBe('finished');
    expect(seeded.organizations.find((o) => o.uuid === result.secondOrganizationUuid)!.name).toBe(
      'Globex Ltd',
    );
    expect(seeded.otherUsers.length).toBeGreaterThanOrEqual(8);
    expect(seeded.otherUsers.length).toBeLessThanOrEqual(15);
    expect(seeded.otherDevices.length).toBeGreaterThanOrEqual(5);
    expect(seeded.otherDevices.length).toBeLessThanOrEqual(20);
    expect(seeded.empty).toBe(false);
  });

  it('spreads ~150 employees over every status, user type, source, department and licence', () => {
    expect(seeded.users.length).toBeGreaterThanOrEqual(140);
    expect(seeded.users.length).toBeLessThanOrEqual(160);
    expect(distinct(seeded.users.map((u) => u.employeeStatus))).toEqual(distinct(EmployeeStatus.options));
    expect(distinct(seeded.users.map((u) => u.userType))).toEqual(distinct(UserType.options));
    expect(distinct(seeded.users.map((u) => u.source))).toEqual(distinct(UserSource.options));
    expect(distinct(seeded.users.map((u) => u.department)).size).toBeGreaterThanOrEqual(10);
    expect(distinct(seeded.users.map((u) => u.license))).toEqual(
      distinct(['Google Workspace Business Standard', 'Microsoft 365 E3', null]),
    );
    expect(seeded.users.filter((u) => u.phone).length).toBeGreaterThan(seeded.users.length / 2);
    expect(distinct(seeded.users.map((u) => u.email.toLowerCase())).size).toBe(seeded.users.length);
  });

  it('gives start and last dates that fit each status', () => {
    const today = NOW.toISOString().slice(0, 10);
    for (const user of seeded.users) {
      const { startDate, lastDate } = user;
      expect(startDate).not.toBeNull();
      if (lastDate) expect(startDate! <= lastDate).toBe(true);
      switch (user.employeeStatus) {
        case 'ONBOARDING':
          expect(startDate! > today).toBe(true);
          break;
        case 'OFFBOARDING':
          expect(lastDate! > today).toBe(true);
          break;
        case 'INACTIVE':
          expect(lastDate! < today).toBe(true);
          break;
        default:
          expect(startDate! <= today).toBe(true);
          expect(lastDate).toBeNull();
      }
    }
  });

  it('spreads ~250 devices over every type, OS, status, assignment, enrolment state and MDM', () => {
    const fleet = seeded.devices;
    expect(fleet.length).toBeGreaterThanOrEqual(220);
    expect(fleet.length).toBeLessThanOrEqual(290);
    expect(distinct(fleet.map((d) => d.type))).toEqual(distinct(DeviceType.options));
    expect(distinct(fleet.map((d) => d.os))).toEqual(distinct(DeviceOs.options));
    expect(distinct(fleet.map((d) => d.status))).toEqual(distinct(DeviceStatus.options));
    expect(distinct(fleet.map((d) => d.assignmentType))).toEqual(distinct(AssignmentType.options));
    expect(distinct(fleet.map((d) => d.enrollmentState))).toEqual(distinct(EnrollmentState.options));
    expect(distinct(fleet.flatMap((d) => (d.mdmProvider ? [d.mdmProvider] : [])))).toEqual(
      distinct(MdmProvider.options),
    );
    expect(distinct(fleet.map((d) => d.location))).toEqual(
      distinct(['Berlin', 'Munich', 'Hamburg', 'Remote']),
    );
    expect(fleet.some((d) => !d.isEncrypted)).toBe(true);
    expect(fleet.some((d) => !d.isProtected)).toBe(true);
    expect(
      fleet.some((d) => d.enrollmentState === 'ENROLLED' && d.type === 'COMPUTER' && !d.isEncrypted),
    ).toBe(true);
  });

  it('assigns devices consistently and most computers to people at work', () => {
    const byUuid = new Map(seeded.users.map((u) => [u.uuid, u]));
    for (const device of seeded.devices) {
      expect(device.assignedToUuid !== null).toBe(device.assignmentType === 'ASSIGNED');
      if (device.assignedToUuid)
        expect(byUuid.get(device.assignedToUuid)!.employeeStatus).not.toBe('INACTIVE');
      // The devices table shows, sorts and finds the assignee by the names the device carries.
      const holder = device.assignedToUuid ? byUuid.get(device.assignedToUuid)! : null;
      expect([device.assigneeFirstName, device.assigneeLastName]).toEqual([
        holder?.firstName ?? null,
        holder?.lastName ?? null,
      ]);
      if (device.status === 'active') expect(device.enrollmentState).toBe('ENROLLED');
    }
    const computers = seeded.devices.filter((d) => d.type === 'COMPUTER');
    const withActiveHolder = computers.filter(
      (d) => d.assignedToUuid && byUuid.get(d.assignedToUuid)!.employeeStatus === 'ACTIVE',
    );
    expect(withActiveHolder.length / computers.length).toBeGreaterThan(0.5);
  });

  it('keeps users.devices_assigned equal to the devices assigned to them', () => {
    expect(seeded.mismatchedCounters).toBe(0);
    expect(seeded.users.some((u) => u.devicesAssigned >= 2)).toBe(true);
  });

  it('has four bundles with applications and each person in at most one', () => {
    expect(seeded.bundles.map((b) => b.name).sort()).toEqual(['Design', 'Engineering', 'Everyone', 'Sales']);
    const members = seeded.bundleEmployees.map((m) => m.userUuid);
    expect(distinct(members).size).toBe(members.length);
    const withoutBundle = seeded.users.filter(
      (u) => u.employeeStatus === 'ACTIVE' && !members.includes(u.uuid),
    );
    expect(withoutBundle.length).toBeGreaterThan(0);
    const inactive = new Set(seeded.users.filter((u) => u.employeeStatus === 'INACTIVE').map((u) => u.uuid));
    expect(members.some((uuid) => inactive.has(uuid))).toBe(false);
  });

  it('has peripherals in use and in stock, and orders in several states', () => {
    expect(seeded.assets.length).toBeGreaterThanOrEqual(100);
    expect(distinct(seeded.assets.map((a) => a.status))).toEqual(distinct(['in-use', 'in-stock']));
    expect(seeded.assets.some((a) => a.userUuid && a.assignment === 'assigned')).toBe(true);
    expect(distinct(seeded.orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(6);
  });

  it('has an onboarding per ONBOARDING and an offboarding per OFFBOARDING employee, in the submitted shape', () => {
    const uuidsWith = (status: string) =>
      seeded.users
        .filter((u) => u.employeeStatus === status)
        .map((u) => u.uuid)
        .sort();
    expect(seeded.onboardings.map((o) => o.userUuid).sort()).toEqual(uuidsWith('ONBOARDING'));
    const leaving = new Set(uuidsWith('OFFBOARDING'));
    expect(seeded.offboardings.filter((o) => leaving.has(o.userUuid))).toHaveLength(leaving.size);
    for (const onboarding of seeded.onboardings)
      expect(OnboardingSubmission.safeParse(onboarding.submission).error).toBeUndefined();
    // A few of the HR system's new hires are still the HR sync's drafts (decision 038).
    const hris = new Set(seeded.users.filter((u) => u.source === 'hris').map((u) => u.uuid));
    const drafts = seeded.onboardings.filter((o) => o.draft);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      expect(hris.has(draft.userUuid)).toBe(true);
      expect(draft).toMatchObject({ origin: 'hris', originProvider: 'personio' });
    }
    for (const offboarding of seeded.offboardings)
      expect(OffboardingSubmission.safeParse(offboarding.submission).error).toBeUndefined();
  });

  it('creates exactly one login per role whose password verifies', async () => {
    expect(result.logins.map((l) => l.role).sort()).toEqual(['equip-admin', 'it-owner', 'regular']);
    for (const login of result.logins) {
      expect(login.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      // Other tests add provider admins of their own to the shared provider organisation.
      const people =
        login.role === 'equip-admin'
          ? seeded.providerAdmins.filter((u) => u.email === login.email)
          : seeded.users;
      const holders = people.filter((u) => u.passwordHash && u.role === login.role);
      expect(holders).toHaveLength(1);
      const [user] = holders;
      expect(user!.email).toBe(login.email);
      expect(user!.emailVerifiedAt).not.toBeNull();
      expect(user!.totpEnabledAt).toBeNull();
      expect(await verifyPassword(user!.passwordHash!, login.password)).toBe(true);
    }
    expect(result.logins.find((l) => l.role === 'equip-admin')!.email).toBe('admin@equip.example');
    // The provider admin is nobody's employee: not a person of Acme, but of the provider organisation.
    expect(seeded.users.filter((u) => u.role === 'equip-admin')).toEqual([]);
    expect(seeded.providerAdmins.map((u) => u.email)).toContain('admin@equip.example');
  });

  it('writes the logins to demo-logins.json, readable by the owner only', () => {
    const file = path.join(dataDir, DEMO_LOGINS_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(result.logins);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('turns every feature flag on', () => {
    const values = new Map(seeded.flags.map((f) => [f.name, f.value]));
    for (const flag of FEATURE_FLAGS) expect(values.get(flag)).toBe('on');
  });
});

describe('ensureFeatureFlags', () => {
  it('adds missing flags and never overwrites an existing value', async () => {
    const { db } = await getTestDatabase();
    const values = await inRolledBackTransaction(db, async (tx) => {
      await tx.delete(featureFlags);
      await tx.insert(featureFlags).values({ name: FEATURE_FLAGS[0], value: 'off' });
      await ensureFeatureFlags(tx, 'on');
      return new Map((await tx.select().from(featureFlags)).map((f) => [f.name, f.value]));
    });
    expect(values.get(FEATURE_FLAGS[0])).toBe('off');
    for (const flag of FEATURE_FLAGS.slice(1)) expect(values.get(flag)).toBe('on');
  });
});

describe('demo plan', () => {
  /** The generated rows without the random uuids. */
  function plan(seed: number) {
    const random = createRandom(seed);
    const context = {
      organizationUuid: '00000000-0000-4000-8000-000000000000',
      emails: new EmailAllocator('acme.example'),
      now: NOW,
    };
    const staff = planStaff(random, context, 150, { 'it-owner': 'hash' });
    const fleet = planDemoDevices(random, createFleetContext(context.organizationUuid, 'ACME', NOW), staff, {
      size: 40,
      everyModel: true,
    });
    const strip = <T extends { uuid?: string; assignedToUuid?: string | null }>({
      uuid,
      assignedToUuid,
      ...rest
    }: T) => rest;
    return { people: staff.people.map((p) => strip(p.row)), fleet: fleet.map(strip) };
  }

  it('is the same for the same seed and differs for another', () => {
    expect(plan(1)).toEqual(plan(1));
    expect(plan(1)).not.toEqual(plan(2));
  });

  it('shows every device status and enrolment state for other seeds too', () => {
    for (const seed of [2, 3, 4]) {
      const { fleet, people } = plan(seed);
      expect(distinct(people.map((p) => p.employeeStatus))).toEqual(distinct(EmployeeStatus.options));
      expect(distinct(fleet.map((d) => d.status))).toEqual(distinct(DeviceStatus.options));
      expect(distinct(fleet.map((d) => d.enrollmentState))).toEqual(distinct(EnrollmentState.options));
      expect(distinct(fleet.map((d) => d.os))).toEqual(distinct(DeviceOs.options));
    }
  });
});
