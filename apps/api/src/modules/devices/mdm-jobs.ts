import { DeviceCommandState } from '@equip/domain/mdm';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { JobContext } from '../../background/job-runner.ts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type MdmAdapter, MdmCommandRejected, type MdmDevice } from '../../providers/mdm/adapter.ts';
import { type MdmAdapters, NoMdmAdapter } from '../../providers/mdm/mdm-adapters.ts';
import { logEvent } from '../audit-log/index.ts';
import { commandForWork, moveCommand, setMdmStatus } from './actions-queries.ts';

/** Tries of `mdm.command` and of each `mdm.check` after the first (app-jobs.ts policies). */
export const MDM_JOB_RETRY_LIMIT = 5;
/** Result checks back off: the interval doubles every this many checks, up to MAX_CHECK_INTERVAL_MS. */
const CHECKS_PER_STEP = 10;
const MAX_CHECK_INTERVAL_MS = 15 * 60_000;

type WorkItem = NonNullable<Awaited<ReturnType<typeof commandForWork>>>;

const deviceOf = (item: WorkItem): MdmDevice => ({
  uuid: item.device.uuid,
  name: item.device.name,
  serialNumber: item.device.serialNumber,
  os: item.device.os,
});

/**
 * The MDM command's jobs (decision 012). `mdm.command` sends a queued command through the device's
 * adapter (DEVICE_ACTION_SENT) and plans `mdm.check`, which asks for the result until the device
 * reports — then the device's MDM status follows and DEVICE_ACTION_COMPLETED is logged — or until the
 * adapter's report timeout has passed (failed). Both are idempotent: a command moves only from the state
 * the job expects, so a job that runs twice does nothing the second time. Provider calls happen outside
 * any transaction; a refusal that cannot change (MdmCommandRejected) fails the command at once, anything
 * else is retried by the queue and fails the command on the last try.
 */
export function registerMdmJobs(jobs: AppJobs, deps: { db: Db; mdm: MdmAdapters }): void {
  const { db, mdm } = deps;

  /** Ends a command as failed (from the state it is in) and logs it, with the requester as actor. */
  const fail = (item: WorkItem, error: string) =>
    withTenant(db, item.organizationUuid, async (tx) => {
      const state = DeviceCommandState.parse(item.state);
      if (!(await moveCommand(tx, item.uuid, state, { state: 'failed', error, completedAt: new Date() })))
        return;
      await logEvent(tx, completion(item, 'failed', { error }));
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
      state,
      ...data,
    },
  });

  /** Runs a provider call; a final refusal or the last try's error fails the command instead of throwing. */
  async function attempt<T>(item: WorkItem, job: JobContext, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      const final = error instanceof MdmCommandRejected || error instanceof NoMdmAdapter;
      if (!final && job.retryCount < MDM_JOB_RETRY_LIMIT) throw error;
      await fail(item, error instanceof Error ? error.message : String(error));
      return undefined;
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

  jobs.handle('mdm.command', async ({ organizationUuid, commandUuid }, job) => {
    const item = await load(organizationUuid, commandUuid);
    if (item?.state !== 'queued') return;
    const adapter = await attempt(item, job, async () => mdm.for(item.provider, item.connection));
    if (!adapter) return;
    const sent = await attempt(item, job, () => adapter.send(deviceOf(item), item.action));
    if (!sent) return;
    await withTenant(db, organizationUuid, async (tx) => {
      const sentAt = new Date();
      const moved = await moveCommand(tx, commandUuid, 'queued', {
        state: 'sent',
        providerCommandId: sent.providerCommandId,
        unlockPin: sent.unlockPin ?? null,
        sentAt,
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
          via: adapter.kind,
        },
      });
      await planCheck(tx, item, adapter, 0);
    });
    jobs.kick('mdm.check');
  });

  jobs.handle('mdm.check', async ({ organizationUuid, commandUuid }, job) => {
    const item = await load(organizationUuid, commandUuid);
    if (item?.state !== 'sent' || !item.providerCommandId || !item.sentAt) return;
    const adapter = await attempt(item, job, async () => mdm.for(item.provider, item.connection));
    if (!adapter) return;
    const sent = { providerCommandId: item.providerCommandId, sentAt: item.sentAt };
    const result = await attempt(item, job, () => adapter.result(deviceOf(item), item.action, sent));
    if (!result) return;
    if (result.state === 'failed') return fail(item, result.error);
    if (result.state === 'pending') {
      if (Date.now() - item.sentAt.getTime() > adapter.reportTimeoutMs)
        return fail(item, 'The device did not report the action in time');
      await withTenant(db, organizationUuid, async (tx) => {
        if (await moveCommand(tx, commandUuid, 'sent', { checks: item.checks + 1 }))
          await planCheck(tx, item, adapter, item.checks + 1);
      });
      return;
    }
    await withTenant(db, organizationUuid, async (tx) => {
      if (!(await moveCommand(tx, commandUuid, 'sent', { state: 'completed', completedAt: new Date() })))
        return;
      if (result.mdmStatus) await setMdmStatus(tx, item.device.uuid, result.mdmStatus);
      await logEvent(tx, completion(item, 'completed', { mdmStatus: result.mdmStatus }));
    });
  });
}
