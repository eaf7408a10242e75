import { DeviceAction, DeviceCommandState } from '@equip/domain/mdm';
import { SoftwareAction } from '@equip/domain/software-installs';
import type { AppJobs } from '../../background/app-job-types.ts';
import { backoffFrom, type JobContext, RetryAt } from '../../background/job-runner.ts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import {
  type MdmAdapter,
  MdmCommandRejected,
  type MdmDevice,
  type MdmSoftwareCommand,
  MdmUnavailable,
  type SentCommand,
} from '../../providers/mdm/adapter.ts';
import { type MdmAdapters, NoMdmAdapter } from '../../providers/mdm/mdm-adapters.ts';
import { logEvent } from '../audit-log/index.ts';
import { logBundleInstallFailed } from '../bundles/index.ts';
import { commandForWork, moveCommand, recordCommandReport } from './actions-queries.ts';

/** Tries of `mdm.command` and of each `mdm.check` after the first (app-jobs.ts policies). */
export const MDM_JOB_RETRY_LIMIT = 5;
/** Result checks back off: the interval doubles every this many checks, up to MAX_CHECK_INTERVAL_MS. */
const CHECKS_PER_STEP = 10;
const MAX_CHECK_INTERVAL_MS = 15 * 60_000;

/**
 * Actions that a second send would carry out a second time at the device (a second lock, wipe, restart
 * …): sent at most once per command (issue 27). Unlock only opens what is locked: sending it again is
 * harmless.
 */
const SENT_ONCE: readonly DeviceAction[] = [
  'lock',
  'wipe',
  'reset',
  'restart',
  'shutdown',
  'enable_lost_mode',
];

/** Where the jobs say that a try failed and when the next comes (the process log, at warn). */
export interface MdmJobsLog {
  warn(details: object, message: string): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type WorkItem = NonNullable<Awaited<ReturnType<typeof commandForWork>>>;

/**
 * The device as its adapter sees it: with the MDM's own id of its record when the inventory sync stored
 * one for this command's MDM and the MDM still lists it, so the adapter reads the record directly
 * instead of searching by serial number (it still checks the serial, decision 025).
 */
const deviceOf = (item: WorkItem): MdmDevice => ({
  uuid: item.device.uuid,
  name: item.device.name,
  serialNumber: item.device.serialNumber,
  os: item.device.os,
  mdmId:
    item.device.mdmProvider === item.provider && item.device.mdmMissingSince === null
      ? item.device.mdmDeviceId
      : null,
});

/** What a command asks of the adapter: an MDM action, or installing or uninstalling its application. */
type Work = { kind: 'action'; action: DeviceAction } | { kind: 'software'; command: MdmSoftwareCommand };

function workOf(item: WorkItem): Work {
  const software = SoftwareAction.safeParse(item.action);
  if (!software.success) return { kind: 'action', action: DeviceAction.parse(item.action) };
  // The application cannot be gone: removing it from the catalog removes its commands.
  if (!item.application) throw new MdmCommandRejected('The application is no longer in the catalog');
  return { kind: 'software', command: { action: software.data, application: item.application } };
}

/**
 * The MDM command's jobs (decision 012). `mdm.command` sends a queued command through the device's
 * adapter (DEVICE_ACTION_SENT) and plans `mdm.check`, which asks for the result until the device
 * reports — then the device's MDM status follows and DEVICE_ACTION_COMPLETED is logged — or until the
 * adapter's report timeout has passed (failed). Both are idempotent: a command moves only from the state
 * the job expects, so a job that runs twice does nothing the second time. Provider calls happen outside
 * any transaction; a refusal that cannot change (MdmCommandRejected) fails the command at once.
 *
 * Anything else is tried again (issue 27): the command shows the error and when the next try comes
 * (`error`, `next_attempt_at`; the provider's `Retry-After` when it gave one, else the queue's backoff),
 * and the log says so at warn. The last try's error fails the command and the job: it is a dead letter
 * on the jobs page, not a completed job.
 *
 * Sent once: before a try sends a lock, wipe, reset, restart, shutdown or lost mode it records
 * `send_attempted_at`. A later try of that command (the answer timed out, the connection dropped, the
 * worker died) first asks the provider whether the command arrived (`findSent`: Fleet's host shows it
 * pending or done) and follows it up instead of sending it again; only a try that surely did not reach
 * the provider (refused unread, the device lookup failed) clears the mark.
 */
export function registerMdmJobs(jobs: AppJobs, deps: { db: Db; mdm: MdmAdapters; log: MdmJobsLog }): void {
  const { db, mdm, log } = deps;

  /** Ends a command as failed (from the state it is in) and logs it, with the requester as actor. */
  const fail = (item: WorkItem, error: string) =>
    withTenant(db, item.organizationUuid, async (tx) => {
      const state = DeviceCommandState.parse(item.state);
      const failed = { state: 'failed' as const, error, nextAttemptAt: null, completedAt: new Date() };
      if (!(await moveCommand(tx, item.uuid, state, failed))) return;
      await logEvent(tx, completion(item, 'failed', { error }));
      // A bundle's application that failed to install for its person is the bundle's event too.
      if (item.action === 'install_software' && item.application && item.device.assignedToUuid)
        await logBundleInstallFailed(tx, {
          organizationUuid: item.organizationUuid,
          actorUuid: item.requestedByUuid,
          deviceUuid: item.device.uuid,
          person: {
            uuid: item.device.assignedToUuid,
            name: `${item.device.assigneeFirstName ?? ''} ${item.device.assigneeLastName ?? ''}`.trim(),
          },
          application: { uuid: item.application.uuid, name: item.application.name },
          reason: error,
        });
    });

  const about = (item: WorkItem) => ({
    commandUuid: item.uuid,
    organizationUuid: item.organizationUuid,
    deviceUuid: item.device.uuid,
    action: item.action,
    provider: item.provider,
    ...(item.application ? { applicationUuid: item.application.uuid } : {}),
  });

  const completion = (item: WorkItem, state: 'completed' | 'failed', data: Record<string, unknown>) => ({
    organizationUuid: item.organizationUuid,
    type: 'DEVICE_ACTION_COMPLETED' as const,
    actorUuid: item.requestedByUuid,
    subjectUuid: item.device.uuid,
    data: {
      name: item.device.name,
      action: item.action,
      commandUuid: item.uuid,
      provider: item.provider,
      ...applicationOf(item),
      state,
      ...data,
    },
  });

  /** An install's or uninstall's application, in its events. */
  const applicationOf = (item: WorkItem) =>
    item.application ? { application: { uuid: item.application.uuid, name: item.application.name } } : {};

  /**
   * Runs a provider call. A final refusal fails the command (answers undefined: the job is done). Any
   * other error is recorded on the command with the next try's time and thrown as RetryAt (the queue
   * tries again then), or, on the last try, fails the command and is thrown as it is (the job fails for
   * good). `clearsAttempt`: the call was the send, and an error that surely did not reach the provider
   * lets the next try send without asking first.
   */
  async function attempt<T>(
    item: WorkItem,
    job: JobContext & { queue: 'mdm.command' | 'mdm.check' },
    call: () => Promise<T>,
    options: { clearsAttempt?: boolean } = {},
  ): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      const message = messageOf(error);
      if (error instanceof MdmCommandRejected || error instanceof NoMdmAdapter) {
        await fail(item, message);
        return undefined;
      }
      const tries = { try: job.retryCount + 1, of: MDM_JOB_RETRY_LIMIT + 1 };
      if (job.retryCount >= MDM_JOB_RETRY_LIMIT) {
        await fail(item, message);
        log.warn({ ...about(item), ...tries, error: message }, 'MDM command failed; no tries left');
        throw error;
      }
      const backoff = backoffFrom(new Date(), jobs.policy(job.queue), job.retryCount);
      const asked = error instanceof MdmUnavailable ? error.retryAt : null;
      const next = asked && asked > backoff ? asked : backoff;
      const notDelivered = options.clearsAttempt && error instanceof MdmUnavailable && error.notDelivered;
      await withTenant(db, item.organizationUuid, (tx) =>
        moveCommand(tx, item.uuid, DeviceCommandState.parse(item.state), {
          error: message,
          nextAttemptAt: next,
          ...(notDelivered ? { sendAttemptedAt: null } : {}),
        }),
      );
      log.warn(
        { ...about(item), ...tries, error: message, nextAttemptAt: next.toISOString() },
        'MDM command failed; tried again later',
      );
      throw new RetryAt(next, error);
    }
  }

  const load = (organizationUuid: string, commandUuid: string) =>
    withTenant(db, organizationUuid, (tx) => commandForWork(tx, commandUuid));

  const planCheck = async (tx: Db, item: WorkItem, adapter: MdmAdapter, checks: number) => {
    const interval = Math.min(
      adapter.checkIntervalMs * 2 ** Math.floor(checks / CHECKS_PER_STEP),
      MAX_CHECK_INTERVAL_MS,
    );
    await jobs.send(
      'mdm.check',
      { organizationUuid: item.organizationUuid, commandUuid: item.uuid },
      { db: tx, key: `${item.uuid}:check:${checks}`, startAfter: new Date(Date.now() + interval) },
    );
  };

  jobs.handle('mdm.command', async ({ organizationUuid, commandUuid }, context) => {
    const job = { ...context, queue: 'mdm.command' as const };
    const item = await load(organizationUuid, commandUuid);
    if (item?.state !== 'queued') return;
    const work = await attempt(item, job, async () => workOf(item));
    if (!work) return;
    const adapter = await attempt(item, job, async () => mdm.for(item.provider, item.connection));
    if (!adapter) return;
    const device = deviceOf(item);
    const once = work.kind === 'action' && SENT_ONCE.includes(work.action);
    let sent: SentCommand | null | undefined = null;
    if (work.kind === 'action' && once && item.sendAttemptedAt) {
      // An earlier try started sending and never heard back: the provider may have the command.
      const attemptedAt = item.sendAttemptedAt;
      sent = await attempt(item, job, () => adapter.findSent(device, work.action, attemptedAt));
      if (sent === undefined) return;
    }
    if (!sent) {
      if (once) {
        const marked = await withTenant(db, organizationUuid, (tx) =>
          moveCommand(tx, commandUuid, 'queued', { sendAttemptedAt: new Date() }),
        );
        if (!marked) return;
      }
      sent = await attempt(
        item,
        job,
        () =>
          work.kind === 'software'
            ? adapter.sendSoftware(device, work.command)
            : adapter.send(device, work.action),
        { clearsAttempt: once },
      );
      if (!sent) return;
    }
    const { providerCommandId, unlockPin } = sent;
    await withTenant(db, organizationUuid, async (tx) => {
      const sentAt = new Date();
      const moved = await moveCommand(tx, commandUuid, 'queued', {
        state: 'sent',
        providerCommandId,
        unlockPin: unlockPin ?? null,
        sentAt,
        error: null,
        nextAttemptAt: null,
      });
      if (!moved) return;
      await logEvent(tx, {
        organizationUuid,
        type: 'DEVICE_ACTION_SENT',
        actorUuid: item.requestedByUuid,
        subjectUuid: item.device.uuid,
        data: {
          name: item.device.name,
          action: item.action,
          commandUuid,
          provider: item.provider,
          ...applicationOf(item),
          via: adapter.kind,
        },
      });
      await planCheck(tx, item, adapter, 0);
    });
    jobs.kick('mdm.check');
  });

  jobs.handle('mdm.check', async ({ organizationUuid, commandUuid }, context) => {
    const job = { ...context, queue: 'mdm.check' as const };
    const item = await load(organizationUuid, commandUuid);
    if (item?.state !== 'sent' || !item.providerCommandId || !item.sentAt) return;
    const work = await attempt(item, job, async () => workOf(item));
    if (!work) return;
    const adapter = await attempt(item, job, async () => mdm.for(item.provider, item.connection));
    if (!adapter) return;
    const sent = { providerCommandId: item.providerCommandId, sentAt: item.sentAt };
    const result = await attempt(item, job, () =>
      work.kind === 'software'
        ? adapter.softwareResult(deviceOf(item), work.command, sent)
        : adapter.result(deviceOf(item), work.action, sent),
    );
    if (!result) return;
    if (result.state === 'failed') return fail(item, result.error);
    if (result.state === 'pending') {
      if (Date.now() - item.sentAt.getTime() > adapter.reportTimeoutMs)
        return fail(item, 'The device did not report the action in time');
      await withTenant(db, organizationUuid, async (tx) => {
        const checked = { checks: item.checks + 1, error: null, nextAttemptAt: null };
        if (await moveCommand(tx, commandUuid, 'sent', checked))
          await planCheck(tx, item, adapter, item.checks + 1);
      });
      return;
    }
    await withTenant(db, organizationUuid, async (tx) => {
      const completed = {
        state: 'completed' as const,
        error: null,
        nextAttemptAt: null,
        completedAt: new Date(),
      };
      if (!(await moveCommand(tx, commandUuid, 'sent', completed))) return;
      await recordCommandReport(tx, item.device.uuid, {
        mdmStatus: result.mdmStatus ?? null,
        seenAt: completed.completedAt,
      });
      await logEvent(tx, completion(item, 'completed', { mdmStatus: result.mdmStatus }));
    });
  });
}
