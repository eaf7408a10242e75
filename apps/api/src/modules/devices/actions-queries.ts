import {
  DeviceAction,
  type DeviceCommandState,
  type DeviceMdmStatus,
  type MdmProvider,
} from '@equip/domain/mdm';
import type { InstallableApplication } from '@equip/domain/software-installs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceCommands, devices } from '../../db/schema/index.ts';
import { catalogApplications } from '../bundles/index.ts';
import { findStoredConnection } from '../mdm-connections/index.ts';

/** What the MDM actions need of a device. */
const TARGET_COLUMNS = {
  uuid: devices.uuid,
  name: devices.name,
  serialNumber: devices.serialNumber,
  os: devices.os,
  mdmProvider: devices.mdmProvider,
  enrollmentState: devices.enrollmentState,
  mdmStatus: devices.mdmStatus,
};

export type ActionTargetRow = NonNullable<Awaited<ReturnType<typeof findActionTargets>>[number]>;

/** The tenant's devices among `uuids` (row-level security leaves out other organisations'). */
export function findActionTargets(tx: Db, uuids: string[]) {
  return tx.select(TARGET_COLUMNS).from(devices).where(inArray(devices.uuid, uuids));
}

const COMMAND_COLUMNS = {
  uuid: deviceCommands.uuid,
  deviceUuid: deviceCommands.deviceUuid,
  action: deviceCommands.action,
  state: deviceCommands.state,
  provider: deviceCommands.provider,
  requestedByUuid: deviceCommands.requestedByUuid,
  providerCommandId: deviceCommands.providerCommandId,
  unlockPin: deviceCommands.unlockPin,
  error: deviceCommands.error,
  nextAttemptAt: deviceCommands.nextAttemptAt,
  checks: deviceCommands.checks,
  createdAt: deviceCommands.createdAt,
  sentAt: deviceCommands.sentAt,
  completedAt: deviceCommands.completedAt,
};

export type CommandRow = Awaited<ReturnType<typeof recentCommands>>[number];

const commandRows = (tx: Db) => tx.select(COMMAND_COLUMNS).from(deviceCommands);

/** The device's recent MDM actions (installs and uninstalls have their own list: software-installs.ts). */
export async function recentCommands(tx: Db, deviceUuid: string, limit: number) {
  const rows = await commandRows(tx)
    .where(
      and(eq(deviceCommands.deviceUuid, deviceUuid), inArray(deviceCommands.action, DeviceAction.options)),
    )
    .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.uuid))
    .limit(limit);
  return rows.map(asActionRow);
}

/** A row of an MDM action's command (its action one of DeviceAction's). */
const asActionRow = <T extends { action: string }>(row: T) => ({
  ...row,
  action: DeviceAction.parse(row.action),
});

export async function commandsByUuid(tx: Db, uuids: string[]) {
  return (await commandRows(tx).where(inArray(deviceCommands.uuid, uuids))).map(asActionRow);
}

/** Open commands (queued or sent) with one of these actions on these devices: a repeat joins them. */
export function openCommands(
  tx: Db,
  deviceUuids: string[],
  action: NewCommand['action'],
  applicationUuid: string | null = null,
) {
  return tx
    .select({ uuid: deviceCommands.uuid, deviceUuid: deviceCommands.deviceUuid })
    .from(deviceCommands)
    .where(
      and(
        inArray(deviceCommands.deviceUuid, deviceUuids),
        eq(deviceCommands.action, action),
        applicationUuid ? eq(deviceCommands.applicationUuid, applicationUuid) : undefined,
        inArray(deviceCommands.state, ['queued', 'sent']),
      ),
    );
}

export interface NewCommand {
  organizationUuid: string;
  deviceUuid: string;
  action: typeof deviceCommands.$inferInsert.action;
  provider: MdmProvider;
  requestedByUuid: string | null;
  /** The application an install or uninstall names. */
  applicationUuid?: string | null;
}

/**
 * Inserts the commands of an action (up to 500 for a bulk action) as one JSON parameter: Drizzle's
 * builder of a 500-row insert held the event loop for about 40 ms of CPU, every other organisation's
 * requests waiting (issue 24, bench/noisy-neighbour.mjs).
 */
export async function insertCommands(
  tx: Db,
  rows: NewCommand[],
): Promise<{ uuid: string; deviceUuid: string }[]> {
  if (rows.length === 0) return [];
  const records = rows.map((row) => ({
    organization_uuid: row.organizationUuid,
    device_uuid: row.deviceUuid,
    action: row.action,
    provider: row.provider,
    requested_by_uuid: row.requestedByUuid,
    application_uuid: row.applicationUuid ?? null,
  }));
  const result = await tx.execute(sql`
    insert into ${deviceCommands} (organization_uuid, device_uuid, action, provider, requested_by_uuid, application_uuid)
    select organization_uuid, device_uuid, action, provider, requested_by_uuid, application_uuid
      from json_to_recordset(${JSON.stringify(records)}::json)
        as r(organization_uuid uuid, device_uuid uuid, action text, provider text, requested_by_uuid uuid, application_uuid uuid)
    returning uuid, device_uuid as "deviceUuid"`);
  return (result as unknown as { rows: { uuid: string; deviceUuid: string }[] }).rows;
}

/** A command with its device and the organisation's connection to the device's provider (for the jobs). */
export async function commandForWork(tx: Db, commandUuid: string) {
  const [row] = await tx
    .select({
      uuid: deviceCommands.uuid,
      organizationUuid: deviceCommands.organizationUuid,
      action: deviceCommands.action,
      state: deviceCommands.state,
      provider: deviceCommands.provider,
      requestedByUuid: deviceCommands.requestedByUuid,
      providerCommandId: deviceCommands.providerCommandId,
      checks: deviceCommands.checks,
      sentAt: deviceCommands.sentAt,
      sendAttemptedAt: deviceCommands.sendAttemptedAt,
      applicationUuid: deviceCommands.applicationUuid,
      device: {
        ...TARGET_COLUMNS,
        // The MDM's own id of the record (the inventory sync keeps it), and whether the MDM still lists it.
        mdmDeviceId: devices.mdmDeviceId,
        mdmMissingSince: devices.mdmMissingSince,
        // Its person (names kept on the device): a failed install of their bundle's application is theirs.
        assignedToUuid: devices.assignedToUuid,
        assigneeFirstName: devices.assigneeFirstName,
        assigneeLastName: devices.assigneeLastName,
      },
    })
    .from(deviceCommands)
    .innerJoin(devices, eq(devices.uuid, deviceCommands.deviceUuid))
    .where(eq(deviceCommands.uuid, commandUuid));
  if (!row) return null;
  // An install's application, from the catalog's owner (the bundles module).
  const { applicationUuid, ...command } = row;
  const application: InstallableApplication | null = applicationUuid
    ? ((await catalogApplications(tx, [applicationUuid])).get(applicationUuid) ?? null)
    : null;
  // Its token is sealed: the adapters open it (providers/mdm/mdm-adapters.ts).
  return { ...command, application, connection: await findStoredConnection(tx, row.provider) };
}

/**
 * Moves a command on, only from the state it is expected in (a job that runs twice finds it moved and
 * does nothing). Answers whether it moved.
 */
export async function moveCommand(
  tx: Db,
  uuid: string,
  from: DeviceCommandState,
  changes: Partial<typeof deviceCommands.$inferInsert>,
): Promise<boolean> {
  const moved = await tx
    .update(deviceCommands)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(deviceCommands.uuid, uuid), eq(deviceCommands.state, from)))
    .returning({ uuid: deviceCommands.uuid });
  return moved.length > 0;
}

/**
 * What a device's report of a command tells of it: it was seen then, and its MDM status. A wiped device
 * is back at its first-setup screen: no longer enrolled, its disk neither encrypted nor watched by a
 * security agent, until it is set up and enrolled again (which clears the status).
 */
export async function recordCommandReport(
  tx: Db,
  deviceUuid: string,
  report: { mdmStatus: DeviceMdmStatus | null; seenAt: Date },
): Promise<void> {
  await tx
    .update(devices)
    .set({
      // A later report (the agent's) is kept: greatest() skips a NULL.
      lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${report.seenAt.toISOString()}::timestamptz)`,
      ...(report.mdmStatus ? { mdmStatus: report.mdmStatus } : {}),
      ...(report.mdmStatus === 'wiped'
        ? { enrollmentState: 'READY_TO_ENROLL' as const, isEncrypted: false, isProtected: false }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(devices.uuid, deviceUuid));
}

/** The device's MDM status and the organisation's connection to its provider (undefined: no device). */
export async function mdmStateOf(tx: Db, deviceUuid: string) {
  const [row] = await tx
    .select({ mdmStatus: devices.mdmStatus, provider: devices.mdmProvider })
    .from(devices)
    .where(eq(devices.uuid, deviceUuid));
  if (!row) return undefined;
  return { ...row, connection: row.provider ? await findStoredConnection(tx, row.provider) : null };
}
