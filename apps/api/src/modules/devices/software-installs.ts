import { NO_DEVICE_REASON } from '@equip/domain/bundle-installs';
import {
  type InstallableApplication,
  type InstallStatus,
  installStatusOf,
  SOFTWARE_UNAVAILABLE_MESSAGES,
  SoftwareAction,
  type SoftwareCommand,
  type SoftwareCommandRequest,
  type SoftwareCommands,
  type SoftwareTarget,
  softwareUnavailable,
} from '@equip/domain/software-installs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { Db } from '../../db/client.ts';
import { deviceCommands, devices } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { catalogApplications } from '../bundles/index.ts';
import type { InTenant } from './actions.ts';
import { findActionTargets, insertCommands, openCommands } from './actions-queries.ts';
import { DEVICE_NOT_FOUND } from './messages.ts';

/**
 * Installing and uninstalling a catalog application on a device (issue 27, item 5; decision 030): a
 * device command naming the application, sent by the `mdm.command` job like any action and confirmed by
 * the next inventory (replaceSoftwareSql marks `confirmed_at`). Also the install status per person and
 * application that bundles read.
 */

export const APPLICATION_NOT_FOUND = 'The application is not in the catalog';
/** How many recent installs and uninstalls `GET …/software/commands` answers. */
export const RECENT_SOFTWARE_COMMANDS = 20;

const at = () => ({ location: 'body' as const, param: 'applicationUuid', path: ['applicationUuid'] });

const commandColumns = {
  uuid: deviceCommands.uuid,
  applicationUuid: deviceCommands.applicationUuid,
  deviceUuid: deviceCommands.deviceUuid,
  action: deviceCommands.action,
  state: deviceCommands.state,
  error: deviceCommands.error,
  nextAttemptAt: deviceCommands.nextAttemptAt,
  createdAt: deviceCommands.createdAt,
  sentAt: deviceCommands.sentAt,
  completedAt: deviceCommands.completedAt,
  confirmedAt: deviceCommands.confirmedAt,
};

/** The installs and uninstalls (the commands that name an application). */
const softwareCommandRows = (tx: Db) => tx.select(commandColumns).from(deviceCommands).$dynamic();

type Row = Awaited<ReturnType<typeof softwareCommandRows>>[number];

/** The rows as the API answers them, each with its application's name from the catalog. */
async function toCommands(tx: Db, rows: Row[]): Promise<SoftwareCommand[]> {
  const apps = await catalogApplications(
    tx,
    rows.flatMap((r) => (r.applicationUuid ? [r.applicationUuid] : [])),
  );
  return rows.flatMap((row) => {
    const app = row.applicationUuid ? apps.get(row.applicationUuid) : undefined;
    return app ? [toCommand(row, { uuid: app.uuid, name: app.name })] : [];
  });
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toCommand = (
  { applicationUuid: _, ...row }: Row,
  application: SoftwareCommand['application'],
): SoftwareCommand => ({
  ...row,
  application,
  action: SoftwareAction.parse(row.action),
  nextAttemptAt: iso(row.nextAttemptAt),
  createdAt: row.createdAt.toISOString(),
  sentAt: iso(row.sentAt),
  completedAt: iso(row.completedAt),
  confirmedAt: iso(row.confirmedAt),
});

export function createSoftwareInstallsService(deps: { jobs: AppJobs }) {
  return {
    /**
     * Queues an install or uninstall of a catalog application on one of the organisation's devices (an
     * open one of the same application is answered instead: a repeated click does not send twice). 404
     * for a device the organisation does not have or an application not in the catalog (at
     * `applicationUuid`), 409 when the domain's rule refuses it (no MDM, not enrolled, not for its OS).
     */
    async request(
      tenant: InTenant,
      auth: AuthContext,
      deviceUuid: string,
      action: SoftwareAction,
      body: SoftwareCommandRequest,
    ): Promise<SoftwareCommand> {
      return tenant(async (tx) => {
        const [device] = await findActionTargets(tx, [deviceUuid]);
        if (!device) throw notFound(DEVICE_NOT_FOUND);
        const app = (await catalogApplications(tx, [body.applicationUuid])).get(body.applicationUuid);
        if (!app) throw notFound(APPLICATION_NOT_FOUND, at());
        const reason = softwareUnavailable(device, app);
        if (reason || !device.mdmProvider)
          throw conflict(SOFTWARE_UNAVAILABLE_MESSAGES[reason ?? 'not_managed'], at());
        const [open] = await openCommands(tx, [device.uuid], action, app.uuid);
        let uuid = open?.uuid;
        if (!uuid) {
          const [created] = await insertCommands(tx, [
            {
              organizationUuid: auth.organizationUuid,
              deviceUuid: device.uuid,
              action,
              provider: device.mdmProvider,
              requestedByUuid: auth.userUuid,
              applicationUuid: app.uuid,
            },
          ]);
          uuid = created!.uuid;
          await deps.jobs.send(
            'mdm.command',
            { organizationUuid: auth.organizationUuid, commandUuid: uuid },
            { db: tx, key: uuid },
          );
        }
        const rows = await softwareCommandRows(tx).where(eq(deviceCommands.uuid, uuid));
        const [command] = await toCommands(tx, rows);
        return command!;
      });
    },

    /** The device's recent installs and uninstalls, newest first; another organisation's device is 404. */
    async list(tx: Db, deviceUuid: string): Promise<SoftwareCommands> {
      const [device] = await findActionTargets(tx, [deviceUuid]);
      if (!device) throw notFound(DEVICE_NOT_FOUND);
      const rows = await softwareCommandRows(tx)
        .where(
          and(
            eq(deviceCommands.deviceUuid, deviceUuid),
            inArray(deviceCommands.action, SoftwareAction.options),
          ),
        )
        .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.uuid))
        .limit(RECENT_SOFTWARE_COMMANDS);
      return { items: await toCommands(tx, rows) };
    },
  };
}

export type SoftwareInstallsService = ReturnType<typeof createSoftwareInstallsService>;

/** What the rule needs of people's devices, for those who ask what can be installed where. */
export function softwareTargetsOf(tx: Db, userUuids: string[]) {
  return tx
    .select({
      uuid: devices.uuid,
      assignedToUuid: devices.assignedToUuid,
      os: devices.os,
      mdmProvider: devices.mdmProvider,
      enrollmentState: devices.enrollmentState,
      mdmStatus: devices.mdmStatus,
    })
    .from(devices)
    .where(inArray(devices.assignedToUuid, userUuids))
    .orderBy(devices.uuid);
}

/** What `requestSoftwareFor` queued and what it could not. */
export interface PeopleSoftwareResult {
  /** Commands queued (or open ones joined). */
  requested: number;
  /** A person and application no device of theirs can take, with why. */
  skipped: { userUuid: string; applicationUuid: string; reason: string }[];
}

/**
 * Installs and uninstalls of catalog applications on every device of these people that can take them
 * (bundles, decision 028): the same commands and jobs as `POST /api/devices/:uuid/software/install`, an
 * open one of the same device and application joined instead of a second. A device the rule refuses
 * (not enrolled, not for its system) is left out; a person none of whose devices can take an install is
 * reported skipped with the reason. Offers in self service and their withdrawals go to the same devices
 * as `mdm.offer` jobs. In the caller's tenant transaction; the caller kicks `mdm.command` and `mdm.offer`.
 */
export async function requestSoftwareFor(
  tx: Db,
  jobs: AppJobs,
  auth: Pick<AuthContext, 'organizationUuid' | 'userUuid'>,
  request: {
    userUuids: string[];
    install: string[];
    uninstall: string[];
    /** Offered in self service (`mdm.offer` jobs), or withdrawn, on the same devices. */
    offer?: string[];
    withdraw?: string[];
  },
): Promise<PeopleSoftwareResult> {
  const result: PeopleSoftwareResult = { requested: 0, skipped: [] };
  const offers = [
    ...(request.offer ?? []).map((uuid) => [true, uuid] as const),
    ...(request.withdraw ?? []).map((uuid) => [false, uuid] as const),
  ];
  if (
    request.userUuids.length === 0 ||
    request.install.length + request.uninstall.length + offers.length === 0
  )
    return result;
  const apps = await catalogApplications(tx, [
    ...request.install,
    ...request.uninstall,
    ...offers.map(([, uuid]) => uuid),
  ]);
  const targets = await softwareTargetsOf(tx, request.userUuids);
  const byPerson = new Map<string, typeof targets>();
  for (const device of targets) {
    const list = byPerson.get(device.assignedToUuid!) ?? [];
    list.push(device);
    byPerson.set(device.assignedToUuid!, list);
  }
  const wanted: {
    deviceUuid: string;
    provider: NonNullable<(typeof targets)[number]['mdmProvider']>;
    action: SoftwareAction;
    applicationUuid: string;
  }[] = [];
  const plan = [
    ...request.install.map((uuid) => ['install_software', uuid] as const),
    ...request.uninstall.map((uuid) => ['uninstall_software', uuid] as const),
  ];
  for (const userUuid of request.userUuids) {
    const own = byPerson.get(userUuid) ?? [];
    for (const [action, applicationUuid] of plan) {
      const app = apps.get(applicationUuid);
      if (!app) continue;
      const fitting = own.filter((device) => !softwareUnavailable(device, app) && device.mdmProvider);
      for (const device of fitting)
        wanted.push({
          deviceUuid: device.uuid,
          provider: device.mdmProvider!,
          action,
          applicationUuid,
        });
      if (fitting.length === 0 && action === 'install_software')
        result.skipped.push({
          userUuid,
          applicationUuid,
          reason: skipReason(own, app),
        });
    }
  }
  // Offers and withdrawals: one `mdm.offer` job per device that can take the application.
  const offerJobs = request.userUuids.flatMap((userUuid) =>
    offers.flatMap(([offered, applicationUuid]) => {
      const app = apps.get(applicationUuid);
      if (!app) return [];
      return (byPerson.get(userUuid) ?? [])
        .filter((device) => !softwareUnavailable(device, app))
        .map((device) => ({
          payload: {
            organizationUuid: auth.organizationUuid,
            deviceUuid: device.uuid,
            applicationUuid,
            offered,
          },
        }));
    }),
  );
  if (offerJobs.length > 0) await jobs.sendMany('mdm.offer', offerJobs, { db: tx });
  if (wanted.length === 0) return result;
  const open = await tx
    .select({
      deviceUuid: deviceCommands.deviceUuid,
      action: deviceCommands.action,
      applicationUuid: deviceCommands.applicationUuid,
    })
    .from(deviceCommands)
    .where(
      and(
        inArray(deviceCommands.deviceUuid, [...new Set(wanted.map((w) => w.deviceUuid))]),
        inArray(deviceCommands.action, SoftwareAction.options),
        inArray(deviceCommands.state, ['queued', 'sent']),
      ),
    );
  const key = (w: { deviceUuid: string; action: string; applicationUuid: string | null }) =>
    `${w.deviceUuid} ${w.action} ${w.applicationUuid}`;
  const opened = new Set(open.map(key));
  const fresh = wanted.filter((w) => !opened.has(key(w)));
  const created = await insertCommands(
    tx,
    fresh.map((w) => ({
      organizationUuid: auth.organizationUuid,
      deviceUuid: w.deviceUuid,
      action: w.action,
      provider: w.provider,
      requestedByUuid: auth.userUuid,
      applicationUuid: w.applicationUuid,
    })),
  );
  if (created.length > 0)
    await jobs.sendMany(
      'mdm.command',
      created.map(({ uuid }) => ({
        payload: { organizationUuid: auth.organizationUuid, commandUuid: uuid },
        key: uuid,
      })),
      { db: tx },
    );
  result.requested = wanted.length;
  return result;
}

/** Why none of a person's devices can take an application: the first device's reason, or none at all. */
export function skipReason(own: readonly SoftwareTarget[], app: InstallableApplication): string {
  const reason = own.map((device) => softwareUnavailable(device, app)).find((r) => r !== null);
  return reason ? SOFTWARE_UNAVAILABLE_MESSAGES[reason] : NO_DEVICE_REASON;
}

/** One person's install status of one application, from the newest install on their devices. */
export interface PersonInstallStatus {
  userUuid: string;
  applicationUuid: string;
  status: InstallStatus;
  /** Why it failed (the provider's words), when it did. */
  error: string | null;
  /** The device the newest install went to. */
  deviceUuid: string;
}

/**
 * Install status per person per application (what bundles read, decision 030): for each person and
 * application, the newest install command on a device assigned to the person — pending (queued, sent,
 * or done at the MDM and not yet seen by an inventory), installed (an inventory confirmed it), failed
 * with the reason. In the caller's tenant transaction.
 */
export async function installStatuses(
  tx: Db,
  userUuids: string[],
  applicationUuids?: string[],
): Promise<PersonInstallStatus[]> {
  if (userUuids.length === 0) return [];
  const rows = await tx
    .selectDistinctOn([devices.assignedToUuid, deviceCommands.applicationUuid], {
      userUuid: devices.assignedToUuid,
      applicationUuid: deviceCommands.applicationUuid,
      deviceUuid: deviceCommands.deviceUuid,
      state: deviceCommands.state,
      error: deviceCommands.error,
      confirmedAt: deviceCommands.confirmedAt,
    })
    .from(deviceCommands)
    .innerJoin(devices, eq(devices.uuid, deviceCommands.deviceUuid))
    .where(
      and(
        inArray(devices.assignedToUuid, userUuids),
        eq(deviceCommands.action, 'install_software'),
        applicationUuids ? inArray(deviceCommands.applicationUuid, applicationUuids) : undefined,
      ),
    )
    .orderBy(devices.assignedToUuid, deviceCommands.applicationUuid, sql`${deviceCommands.createdAt} desc`);
  return rows.map((row) => {
    const status = installStatusOf(row);
    return {
      userUuid: row.userUuid!,
      applicationUuid: row.applicationUuid!,
      status,
      error: status === 'failed' ? row.error : null,
      deviceUuid: row.deviceUuid,
    };
  });
}
