import type { OffboardingSubmission, OnboardingSubmission } from '@equip/domain/flows';
import {
  enrollments,
  eventLog,
  integrations,
  notifications,
  offboardings,
  onboardings,
  workspaceGroups,
  workspaces,
} from '../db/schema/index.ts';
import type { SeededOrder } from './demo-procurement.ts';
import type { SeededBundle } from './demo-software.ts';
import { isAtWork, withStatus } from './demo-staff.ts';
import type { NewDevice } from './fleet.ts';
import { type Department, emailLocalPart } from './names.ts';
import type { PlannedPerson } from './people.ts';
import { addDays } from './random.ts';
import type { DemoScope } from './scope.ts';

/** The HR system feeds the employees with source `hris`; its last sync was two hours ago. */
export async function seedHrIntegration(scope: DemoScope): Promise<void> {
  await scope.db.insert(integrations).values({
    organizationUuid: scope.organizationUuid,
    provider: 'personio',
    language: 'de',
    status: 'ACTIVE',
    setupStatus: 'COMPLETED',
    // The sandbox HR system needs no credentials (decision 029).
    lastCheckedAt: new Date(scope.now.getTime() - 2 * 3_600_000),
    lastSyncedAt: new Date(scope.now.getTime() - 2 * 3_600_000),
    createdAt: addDays(scope.now, -420),
    updatedAt: scope.now,
  });
}

export interface SeededGroup {
  externalId: string;
  name: string;
}

/** A connected Google Workspace with the groups a company of this size has. */
export async function seedGoogleWorkspace(scope: DemoScope, domain: string): Promise<SeededGroup[]> {
  const { db, random, organizationUuid, staff } = scope;
  const [workspace] = await db
    .insert(workspaces)
    .values({
      organizationUuid,
      provider: 'google',
      domain,
      connectedAt: addDays(scope.now, -400),
      createdAt: addDays(scope.now, -400),
    })
    .returning({ uuid: workspaces.uuid });
  const atWork = staff.people.filter(isAtWork);
  const of = (department: Department) => atWork.filter((p) => p.department === department);
  const groups = [
    { name: `everyone@${domain}`, kind: 'group' as const, members: atWork },
    { name: `engineering@${domain}`, kind: 'group' as const, members: of('Engineering') },
    {
      name: `sales@${domain}`,
      kind: 'distribution_list' as const,
      members: [...of('Sales'), ...of('Customer Success')],
    },
    {
      name: `berlin-office@${domain}`,
      kind: 'distribution_list' as const,
      members: atWork.filter((p) => p.location === 'Berlin'),
    },
    { name: 'IT Admins', kind: 'security_group' as const, members: of('IT') },
  ];
  const rows = groups.map((group) => ({
    organizationUuid,
    workspaceUuid: workspace!.uuid,
    // Google group ids look like 03x8tuzt1a2b3c4.
    externalId: `0${random.int(1, 4)}${random.chars('0123456789abcdefghijklmnopqrstuvwxyz', 13)}`,
    name: group.name,
    kind: group.kind,
    memberUserUuids: group.members.map((p) => p.row.uuid),
    memberCount: group.members.length,
  }));
  // A group whose members a rule sets: Equip shows why it cannot add anyone (SPEC §8). Left out of the
  // groups the flows pick from.
  const dynamic = {
    organizationUuid,
    workspaceUuid: workspace!.uuid,
    externalId: '03dyn4mic5staff',
    name: 'All staff (by rule)',
    kind: 'security_group' as const,
    memberUserUuids: [],
    memberCount: atWork.length,
    autoAssignIssue: 'GroupSetting_DynamicMembership' as const,
  };
  await db.insert(workspaceGroups).values([...rows, dynamic]);
  return rows.map((row) => ({ externalId: row.externalId, name: row.name }));
}

/** Google Workspace Business Standard, as a product SKU id. */
const WORKSPACE_LICENSE_ID = '1010020028';

interface FlowFacts {
  devices: readonly NewDevice[];
  bundles: readonly SeededBundle[];
  orders: readonly SeededOrder[];
  groups: readonly SeededGroup[];
}

function bundleOf(bundles: readonly SeededBundle[], person: PlannedPerson): SeededBundle | undefined {
  return bundles.find((bundle) => bundle.members.includes(person));
}

/**
 * Every person in ONBOARDING has an onboarding, submitted the way the onboarding flow sends it; a few
 * of those the HR system brought in are still the HR sync's drafts (decision 038): only what Personio
 * says, not submitted yet, marked "Draft from Personio" in the employees table.
 */
export async function seedOnboardings(scope: DemoScope, facts: FlowFacts): Promise<void> {
  const { db, random, organizationUuid, staff, now } = scope;
  const rows = withStatus(staff.people, 'ONBOARDING').map((person, index) => {
    const startDate = new Date(`${person.row.startDate}T09:00:00.000Z`);
    const registered = facts.devices.filter(
      (d) => d.assignedToUuid === person.row.uuid && d.status !== 'ordered',
    );
    const order = facts.orders.find((o) => o.recipient === person && o.intent === 'Onboarding');
    const bundle = bundleOf(facts.bundles, person);
    const fromHr = person.row.source === 'hris';
    const draft = fromHr && index % 3 === 1;
    const privateEmail = `${emailLocalPart(person.row)}@gmx.de`;
    const drafted: OnboardingSubmission = {
      startDate: startDate.toISOString(),
      userUuid: person.row.uuid,
      privateEmail,
      workEmail: person.row.email,
    };
    // Built for every person (the drafts too), so the demo's random draws stay the same.
    const submitted: OnboardingSubmission = {
      startDate: startDate.toISOString(),
      userUuid: person.row.uuid,
      ...(bundle ? { bundleUuid: bundle.uuid } : {}),
      privateEmail,
      workEmail: person.row.email,
      createWorkEmail: person.row.source === 'hris',
      workspace: {
        licenseIds: [WORKSPACE_LICENSE_ID],
        groupIds: random.sample(facts.groups, 2).map((group) => group.externalId),
        orgUnitPath: `/Employees/${person.department ?? 'Other'}`,
      },
      ...(registered.length > 0 ? { assignedDevicesIds: registered.map((d) => d.uuid!) } : {}),
      ...(index % 3 === 2
        ? {
            assignedUnregisteredDevices: [
              { operatingSystem: 'MACOS' as const, notes: 'Take one from the Berlin stock' },
            ],
          }
        : {}),
      ...(order ? { purchaseDevices: purchaseOf(order), saveAddressForLater: true } : {}),
    };
    const submission = draft ? drafted : submitted;
    const createdAt = addDays(now, -random.int(3, 20));
    return {
      organizationUuid,
      userUuid: person.row.uuid,
      startDate,
      submission,
      draft,
      origin: fromHr ? ('hris' as const) : ('manual' as const),
      originProvider: fromHr ? 'personio' : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  if (rows.length > 0) await db.insert(onboardings).values(rows);
}

function purchaseOf(order: SeededOrder): NonNullable<OnboardingSubmission['purchaseDevices']> {
  return {
    delivery: order.deliveryAddress,
    devices: order.items.map(({ offer, quantity }) => ({
      kind: 'catalog' as const,
      uuid: offer.itemUuid,
      selectedSpecificationUuid: offer.specificationUuid,
      quantity,
      scope: offer.scope,
      label: offer.label,
      deviceType: offer.deviceType,
      operatingSystem: offer.operatingSystem,
      manufacturer: offer.manufacturer,
      modelName: offer.modelName,
      ...withoutNulls({
        screenSize: offer.screenSize,
        chip: offer.chip,
        memory: offer.memory,
        storage: offer.storage,
        color: offer.color,
        keyboardLanguage: offer.keyboardLanguage,
      }),
    })),
  };
}

function withoutNulls<T extends Record<string, string | null>>(values: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as {
    [K in keyof T]?: string;
  };
}

const WORKSPACE_CHOICES = ['delete', 'archive', 'keep'] as const;

/**
 * Every person in OFFBOARDING has an offboarding in progress; some people who already left have a
 * finished one.
 */
export async function seedOffboardings(scope: DemoScope, facts: FlowFacts): Promise<void> {
  const { db, random, organizationUuid, staff, now } = scope;
  const leaving = withStatus(staff.people, 'OFFBOARDING').map(
    (person, index) => ({ person, status: index % 2 === 0 ? 'started' : 'submitted' }) as const,
  );
  const left = withStatus(staff.people, 'INACTIVE')
    .slice(0, 3)
    .map((person, index) => ({ person, status: index === 0 ? 'completed' : 'done' }) as const);
  const rows = [...leaving, ...left].map(({ person, status }, index) => {
    const lastDayOfWork = person.row.lastDate!;
    const bundle = bundleOf(facts.bundles, person);
    const workspaceKind = WORKSPACE_CHOICES[index % WORKSPACE_CHOICES.length]!;
    const submission: OffboardingSubmission = {
      userUuid: person.row.uuid,
      lastDayOfWork: new Date(`${lastDayOfWork}T17:00:00.000Z`).toISOString(),
      offboardingTime: random.pick(['same-day', 'next-working-day'] as const),
      software: {
        ...(bundle ? { bundleUuid: bundle.uuid } : {}),
        accessRecipientUserUuid: staff.itOwner.row.uuid,
        deprovisions: (bundle?.applicationUuids ?? []).map((applicationUuid) => ({
          applicationUuid,
          doDeprovisioning: random.chance(0.85),
        })),
      },
      workspace:
        workspaceKind === 'delete'
          ? {
              kind: 'delete',
              emailForward: true,
              emailForwardTargetEmail: staff.itOwner.row.email,
              dataInheritorTargetEmail: staff.itOwner.row.email,
            }
          : { kind: workspaceKind },
    };
    const createdAt = addDays(new Date(`${lastDayOfWork}T09:00:00.000Z`), -random.int(10, 30));
    const created = createdAt < now ? createdAt : addDays(now, -1);
    return {
      organizationUuid,
      userUuid: person.row.uuid,
      lastDayOfWork,
      offboardingTime: submission.offboardingTime,
      status,
      submission,
      createdAt: created,
      updatedAt: created,
    };
  });
  if (rows.length > 0) await db.insert(offboardings).values(rows);
}

type EnrollmentFlow = (typeof enrollments.$inferInsert)['flow'];

function enrollmentFlowOf(device: NewDevice): EnrollmentFlow {
  if (device.os === 'MACOS')
    return device.manufacturer === 'Apple' && device.status === 'awaiting-registration'
      ? 'ABM_MAC'
      : 'WEB_MAC';
  if (device.os === 'WINDOWS') return 'WEB_PC';
  if (device.os === 'IOS') return device.type === 'TABLET' ? 'WEB_IPAD' : 'WEB_IPHONE';
  return 'WEB_UNKNOWN';
}

/** Enrolment sessions: open ones for devices being registered, finished ones for recent devices. */
export async function seedEnrollments(scope: DemoScope, devices: readonly NewDevice[]): Promise<void> {
  const { db, organizationUuid, staff, now } = scope;
  const emailOf = new Map(staff.people.map((p) => [p.row.uuid, p.row.email]));
  const assigned = devices.filter((d) => d.assignedToUuid);
  const open = assigned.filter(
    (d) => d.enrollmentState === 'PENDING_ENROLLMENT' || d.enrollmentState === 'FAILED_ENROLLMENT',
  );
  const finished = assigned
    .filter((d) => d.enrollmentState === 'ENROLLED')
    .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime())
    .slice(0, 12);
  const rows = [...open, ...finished].map((device) => ({
    organizationUuid,
    userUuid: device.assignedToUuid!,
    deviceUuid: device.uuid!,
    email: emailOf.get(device.assignedToUuid!)!,
    flow: enrollmentFlowOf(device),
    tokenExpiresAt:
      device.enrollmentState === 'PENDING_ENROLLMENT' ? addDays(now, 3) : addDays(device.createdAt!, 3),
    completedAt: device.enrollmentState === 'ENROLLED' ? addDays(device.createdAt!, 1) : null,
    createdAt: device.createdAt!,
  }));
  if (rows.length > 0) await db.insert(enrollments).values(rows);
}

type NewNotification = Omit<typeof notifications.$inferInsert, 'organizationUuid'>;

/**
 * What the IT owner finds in the notification panel, a few already read: kinds and params the rules
 * write (notification-rules.ts), which the web renders in the reader's language with a link to the
 * device or the list they are about.
 */
export async function seedNotifications(scope: DemoScope, devices: readonly NewDevice[]): Promise<void> {
  const { db, organizationUuid, staff, now } = scope;
  const itOwner = staff.itOwner.row.uuid;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const enrolled = devices.filter((d) => d.enrollmentState === 'ENROLLED' && d.uuid);
  const unencrypted = enrolled.find((d) => !d.isEncrypted && d.type === 'COMPUTER');
  const unprotected = enrolled.find((d) => !d.isProtected && d.type === 'COMPUTER' && d !== unencrypted);
  const phone = enrolled.find((d) => d.type === 'PHONE') ?? enrolled.find((d) => d !== unencrypted);
  const device = (d: NewDevice) => ({ deviceUuid: d.uuid ?? null, deviceName: d.name });
  const candidates: (NewNotification | undefined)[] = [
    {
      severity: 'positive',
      kind: 'employees.imported',
      params: { count: 14, fileName: 'personio-export.csv' },
      createdAt: hoursAgo(2),
    },
    unencrypted && {
      severity: 'negative',
      kind: 'device.unencrypted',
      params: device(unencrypted),
      createdAt: hoursAgo(20),
    },
    phone && {
      severity: 'negative',
      kind: 'device.action_failed',
      params: { ...device(phone), action: 'lock', error: 'Equip could not reach the MDM server' },
      createdAt: hoursAgo(30),
    },
    unprotected && {
      severity: 'negative',
      kind: 'device.unprotected',
      params: device(unprotected),
      createdAt: hoursAgo(24 * 3),
      readAt: hoursAgo(24 * 2),
    },
    phone && {
      severity: 'negative',
      kind: 'device.lost',
      params: device(phone),
      createdAt: hoursAgo(24 * 9),
      readAt: hoursAgo(24 * 8),
    },
  ];
  const rows = candidates
    .filter((row): row is NewNotification => row !== undefined)
    // Notifications are per person: the panel lists the signed-in person's own.
    .map((row) => ({ ...row, organizationUuid, userUuid: itOwner }));
  await db.insert(notifications).values(rows);
}

type NewEvent = Omit<typeof eventLog.$inferInsert, 'organizationUuid'>;

/** Recent history: people and devices added, software patched, security alerts. */
export async function seedEventLog(scope: DemoScope, devices: readonly NewDevice[]): Promise<void> {
  const { db, random, organizationUuid, staff, now } = scope;
  const itOwner = staff.itOwner.row.uuid;
  const newest = <T extends { createdAt?: Date | null }>(items: readonly T[], count: number) =>
    [...items].sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime()).slice(0, count);

  const userEvents: NewEvent[] = newest(
    staff.people.map((p) => p.row),
    12,
  ).map((row) => ({
    type: 'USER_ADDED',
    actorUuid: row.source === 'equip' ? itOwner : null,
    subjectUuid: row.uuid,
    data: {
      source: row.source,
      after: {
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        department: row.department,
      },
    },
    createdAt: row.createdAt!,
  }));
  const deviceEvents: NewEvent[] = newest(devices, 12).map((device) => ({
    type: 'DEVICE_ADDED',
    actorUuid: itOwner,
    subjectUuid: device.uuid!,
    data: {
      after: { name: device.name, serialNumber: device.serialNumber, type: device.type, os: device.os },
    },
    createdAt: device.createdAt!,
  }));
  const patches: NewEvent[] = [
    ['Google Chrome', '131.0.6778.139', '131.0.6778.205'],
    ['Slack', '4.41.97', '4.41.105'],
    ['Zoom Workplace', '6.2.11', '6.3.0'],
    ['1Password', '8.10.54', '8.10.56'],
    ['Visual Studio Code', '1.95.3', '1.96.2'],
    ['Docker Desktop', '4.36.0', '4.37.1'],
  ].map(([application, fromVersion, toVersion], index) => ({
    type: 'SOFTWARE_PATCHED',
    actorUuid: null,
    subjectUuid: null,
    data: { application, fromVersion, toVersion, devices: random.int(12, 90) },
    createdAt: addDays(now, -(index * 3 + 1)),
  }));
  const protectedDevices = devices.filter((d) => d.securityProvider);
  const alerts: NewEvent[] = random.sample(protectedDevices, 4).map((device, index) => ({
    type: 'SECURITY_ALERT',
    actorUuid: null,
    subjectUuid: device.uuid!,
    data: {
      provider: device.securityProvider,
      threat: [
        'PUA:Win32/Presenoker',
        'Suspicious PowerShell execution',
        'Adware.MacOS.Genieo',
        'Blocked phishing URL',
      ][index],
      action: index % 2 === 0 ? 'quarantined' : 'blocked',
      device: device.name,
    },
    createdAt: addDays(now, -random.int(1, 25)),
  }));
  await db.insert(eventLog).values(
    [...userEvents, ...deviceEvents, ...patches, ...alerts].map((event) => ({
      ...event,
      organizationUuid,
    })),
  );
}
