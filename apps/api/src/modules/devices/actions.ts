import { returnResetProblem } from '@equip/domain/device-return';
import { ErrorType } from '@equip/domain/errors';
import { type FlagValues, isFlagOn } from '@equip/domain/flags';
import {
  ACTION_UNAVAILABLE_MESSAGES,
  type ActionUnavailableReason,
  actionUnavailable,
  type BulkDeviceActionRequest,
  type BulkDeviceActionResult,
  commandProgress,
  confirmationProblem,
  DEVICE_RESET_FLAG,
  type DeviceAction,
  type DeviceActionRequest,
  type DeviceCommand,
  type DeviceCommands,
  RECENT_COMMANDS,
} from '@equip/domain/mdm';
import type { AppJobs } from '../../background/app-job-types.ts';
import { giveWay } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { MdmAdapters } from '../../providers/mdm/mdm-adapters.ts';
import { namesByUuid } from '../people/index.ts';
import {
  type ActionTargetRow,
  type CommandRow,
  commandsByUuid,
  findActionTargets,
  insertCommands,
  mdmStateOf,
  openCommands,
  recentCommands,
} from './actions-queries.ts';
import { DEVICE_NOT_FOUND } from './messages.ts';

/**
 * What the MDM actions' service is built with (services.ts): the job queue the commands go to, and the
 * feature flags (whether reset is on, read before each request's transaction).
 */
export interface DeviceActionsDeps {
  jobs: AppJobs;
  readFlags: () => Promise<FlagValues>;
  /** How a command would reach a device (its MDM's server, the sandbox, or not at all). */
  mdm: Pick<MdmAdapters, 'reachedThrough'>;
}

/**
 * Devices whose commands and jobs one transaction of a bulk action writes. On PGlite every
 * organisation's statements share one connection, and a 432-device action in one transaction held it
 * for about a second (issue 24, bench/noisy-neighbour.mjs); in slices, other requests get their turn in
 * between. A device's command and its job are always written together.
 */
export const BULK_SLICE_DEVICES = 50;

/** Runs work in the caller's tenant transaction (`request.tenant`). */
export type InTenant = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * The action does not apply: 400 when reset is switched off (the flag), 409 when the device's state is
 * in the way (not managed, wrong OS, already locked …).
 */
function unavailable(reason: ActionUnavailableReason): AppError {
  const at = { location: 'body', param: 'action', path: ['action'] } as const;
  if (reason === 'flag_off')
    return badRequest(ACTION_UNAVAILABLE_MESSAGES[reason], { ...at, path: ['action'] });
  return new AppError(409, {
    msg: ACTION_UNAVAILABLE_MESSAGES[reason],
    errorType: ErrorType.Conflict,
    ...at,
    path: ['action'],
  });
}

async function toCommands(tx: Db, rows: CommandRow[]): Promise<DeviceCommand[]> {
  const names = await namesByUuid(
    tx,
    rows.flatMap((r) => (r.requestedByUuid ? [r.requestedByUuid] : [])),
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    deviceUuid: row.deviceUuid,
    action: row.action,
    state: row.state,
    progress: commandProgress(row.state),
    provider: row.provider,
    requestedByUuid: row.requestedByUuid,
    requestedByName: row.requestedByUuid ? (names.get(row.requestedByUuid) ?? null) : null,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    unlockPin: row.unlockPin,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  }));
}

/**
 * Queues one command per device (a device with the same action still open keeps that one: a repeated
 * click or request does not send twice) and its `mdm.command` job, in the caller's transaction.
 * Answers the commands, in the order of `targets`.
 */
async function queueCommands(
  tx: Db,
  auth: AuthContext,
  targets: ActionTargetRow[],
  action: DeviceAction,
  jobs: AppJobs,
): Promise<DeviceCommand[]> {
  if (targets.length === 0) return [];
  const open = new Map(
    (
      await openCommands(
        tx,
        targets.map((t) => t.uuid),
        action,
      )
    ).map((c) => [c.deviceUuid, c.uuid]),
  );
  const created = await insertCommands(
    tx,
    targets
      .filter((t) => !open.has(t.uuid))
      .map((t) => ({
        organizationUuid: auth.organizationUuid,
        deviceUuid: t.uuid,
        action,
        provider: t.mdmProvider!,
        requestedByUuid: auth.userUuid,
      })),
  );
  // One statement for the whole selection (up to 500 jobs), each keyed by its command.
  if (created.length > 0)
    await jobs.sendMany(
      'mdm.command',
      created.map(({ uuid }) => ({
        payload: { organizationUuid: auth.organizationUuid, commandUuid: uuid },
        key: uuid,
      })),
      { db: tx },
    );
  for (const c of created) open.set(c.deviceUuid, c.uuid);
  const rows = new Map((await commandsByUuid(tx, [...open.values()])).map((r) => [r.deviceUuid, r]));
  return toCommands(
    tx,
    targets.flatMap((t) => {
      const row = rows.get(t.uuid);
      return row ? [row] : [];
    }),
  );
}

/** MDM actions on the caller's organisation's devices (inside the caller's tenant transaction). */
export function createDeviceActionsService(deps: DeviceActionsDeps) {
  /** Whether reset is switched on (the flag it-3148-device-reset), read before the request's transaction. */
  const resetIsOn = async () => isFlagOn((await deps.readFlags())[DEVICE_RESET_FLAG]);
  return {
    /**
     * One action for one device: 404 for a device the organisation does not have, 400 for a wipe or reset
     * without the device's name typed, 409 when the action does not apply to the device (or reset is off).
     */
    async request(
      tenant: InTenant,
      auth: AuthContext,
      deviceUuid: string,
      request: DeviceActionRequest,
    ): Promise<DeviceCommand> {
      const resetEnabled = await resetIsOn();
      return tenant(async (tx) => {
        const [device] = await findActionTargets(tx, [deviceUuid]);
        if (!device) throw notFound(DEVICE_NOT_FOUND);
        const reason = actionUnavailable(request.action, device, { resetEnabled });
        if (reason) throw unavailable(reason);
        const problem = confirmationProblem(request.action, device.name, request.confirmation);
        if (problem)
          throw badRequest(problem, { location: 'body', param: 'confirmation', path: ['confirmation'] });
        const [command] = await queueCommands(tx, auth, [device], request.action, deps.jobs);
        return command!;
      });
    },

    /**
     * The same action for a selection: one command per device the action applies to; the others are
     * answered as skipped with the reason. A device the organisation does not have fails the whole
     * request (404, nothing queued).
     */
    async requestBulk(
      tenant: InTenant,
      auth: AuthContext,
      request: BulkDeviceActionRequest,
    ): Promise<BulkDeviceActionResult> {
      const resetEnabled = await resetIsOn();
      const applies = (devices: ActionTargetRow[], skipped: BulkDeviceActionResult['skipped']) =>
        devices.filter((device) => {
          const reason = actionUnavailable(request.action, device, { resetEnabled });
          if (reason) skipped.push({ deviceUuid: device.uuid, reason });
          return reason === null;
        });
      const skipped: BulkDeviceActionResult['skipped'] = [];
      // The whole selection is checked before anything is written: a bad request writes nothing.
      const targets = await tenant(async (tx) => {
        const uuids = [...new Set(request.deviceUuids)];
        const byUuid = new Map((await findActionTargets(tx, uuids)).map((r) => [r.uuid, r]));
        const missing = request.deviceUuids.findIndex((uuid) => !byUuid.has(uuid));
        if (missing >= 0)
          throw notFound(DEVICE_NOT_FOUND, {
            location: 'body',
            param: `deviceUuids.${missing}`,
            path: ['deviceUuids', missing],
          });
        return applies(
          uuids.map((uuid) => byUuid.get(uuid)!),
          skipped,
        );
      });
      const items: DeviceCommand[] = [];
      for (let start = 0; start < targets.length; start += BULK_SLICE_DEVICES) {
        if (start > 0) await giveWay();
        const slice = targets.slice(start, start + BULK_SLICE_DEVICES).map((t) => t.uuid);
        items.push(
          ...(await tenant(async (tx) => {
            // Read again in the slice's transaction: a device changed since the check is skipped
            // with its new reason, one removed meanwhile is left out.
            const now = new Map((await findActionTargets(tx, slice)).map((r) => [r.uuid, r]));
            const still = applies(
              slice.flatMap((uuid) => now.get(uuid) ?? []),
              skipped,
            );
            return queueCommands(tx, auth, still, request.action, deps.jobs);
          })),
        );
      }
      return { items, skipped };
    },

    /**
     * The device's MDM status, how its actions reach it (its MDM's server, the sandbox, or not at all)
     * and its recent commands, newest first.
     */
    async list(tx: Db, _auth: AuthContext, deviceUuid: string): Promise<DeviceCommands> {
      const state = await mdmStateOf(tx, deviceUuid);
      if (state === undefined) throw notFound(DEVICE_NOT_FOUND);
      return {
        mdmStatus: state.mdmStatus,
        reachedThrough: state.provider ? deps.mdm.reachedThrough(state.connection) : null,
        items: await toCommands(tx, await recentCommands(tx, deviceUuid, RECENT_COMMANDS)),
      };
    },
  };
}

export type DeviceActionsService = ReturnType<typeof createDeviceActionsService>;

/**
 * The device return's resets (SPEC §5): a `reset` command for each returned device that asks for one.
 * The return's confirmation code stands for the typed name, and the return's own flag-free rule applies
 * (`returnResetProblem`): a device that cannot take a reset refuses the whole return (409 at its
 * `triggerReset`, nothing written); one already wiped needs none. Answers the devices a reset went to.
 */
export async function queueReturnResets(
  tx: Db,
  auth: AuthContext,
  deviceUuids: string[],
  jobs: AppJobs,
  /** Where each device is in the request (the refusal names its field). */
  indexOf: (deviceUuid: string) => number,
): Promise<Set<string>> {
  if (deviceUuids.length === 0) return new Set();
  const devices = await findActionTargets(tx, deviceUuids);
  for (const device of devices) {
    const reason = returnResetProblem(device);
    if (reason) {
      const index = indexOf(device.uuid);
      throw new AppError(409, {
        msg: `${ACTION_UNAVAILABLE_MESSAGES[reason]}, so it cannot be reset. Return it without a reset and erase it by hand.`,
        errorType: ErrorType.Conflict,
        location: 'body',
        param: `devices.${index}.triggerReset`,
        path: ['devices', index, 'triggerReset'],
      });
    }
  }
  const targets = devices.filter((d) => actionUnavailable('reset', d, { resetEnabled: true }) === null);
  const commands = await queueCommands(tx, auth, targets, 'reset', jobs);
  return new Set(commands.map((c) => c.deviceUuid));
}
