import { ErrorType } from '@equip/domain/errors';
import {
  HR_SYNC_MESSAGES,
  type HrConflict,
  type HrConflictListQuery,
  type HrConflictPage,
  type HrConflictResolution,
  type HrProvider,
  type HrSyncPreview,
  type HrSyncRun,
  type HrSyncRunListQuery,
  type HrSyncRunPage,
  hrFieldMappingOf,
  INTEGRATION_NOT_FOUND,
  type IntegrationSettings,
  type IntegrationSettingsRequest,
} from '@equip/domain/integrations';
import type { z } from 'zod';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import type { HrAdapters } from '../../providers/hr/hr-adapters.ts';
import { changeHrPerson, hrPeopleOf } from '../employees/index.ts';
import { countsOf, HrSyncFailed, type InTenant, planSync, readHrPeople } from './sync.ts';
import {
  conflictList,
  conflictOf,
  findConflict,
  findRun,
  findSyncState,
  forgetSyncCursor,
  insertRun,
  keptInEquip,
  resolveConflict,
  runOf,
  saveSettings,
  setSetupStatus,
  syncRunList,
} from './sync-queries.ts';

/** What the sync's service is built with (the integrations' area.ts). */
export interface IntegrationSyncDeps {
  hr: HrAdapters;
  jobs: AppJobs;
}

/** Reading the HR system failed: the preview's answer (no run is recorded for a preview). */
const readFailed = (message: string) =>
  new AppError(422, {
    msg: message,
    errorType: ErrorType.IntegrationFailed,
    location: 'params',
    param: 'provider',
    path: ['provider'],
  });

/**
 * The HR sync's routes' service (decision 032): settings (HR language, field mapping), the first sync's
 * preview (INCOMPLETE → FINAL_SYNC_PENDING), a sync on demand (queued as a job, as the hourly ones), the
 * runs and the conflicts with their resolution.
 */
export function createIntegrationSyncService(deps: IntegrationSyncDeps) {
  const { hr, jobs } = deps;

  async function stateOf(tx: Db, provider: HrProvider) {
    const state = await findSyncState(tx, provider);
    if (!state) throw notFound(INTEGRATION_NOT_FOUND);
    return state;
  }

  return {
    async settings(
      tx: Db,
      provider: HrProvider,
      body: z.output<typeof IntegrationSettingsRequest>,
    ): Promise<IntegrationSettings> {
      if (!(await saveSettings(tx, provider, body))) throw notFound(INTEGRATION_NOT_FOUND);
      const state = await stateOf(tx, provider);
      return { language: state.language, fieldMapping: hrFieldMappingOf(state.fieldMapping) };
    },

    /**
     * What a full sync would create, update and skip now, without writing anything; the first preview
     * moves the setup from INCOMPLETE to FINAL_SYNC_PENDING. The HR system is read outside any transaction.
     */
    async preview(tenant: InTenant, auth: AuthContext, provider: HrProvider): Promise<HrSyncPreview> {
      const state = await tenant((tx) => stateOf(tx, provider));
      if (state.status === 'INACTIVE') throw conflict(HR_SYNC_MESSAGES.paused);
      let hrPeople: Awaited<ReturnType<typeof readHrPeople>>;
      try {
        hrPeople = await readHrPeople(hr, state, null);
      } catch (error) {
        if (error instanceof HrSyncFailed) throw readFailed(error.message);
        throw error;
      }
      return tenant(async (tx) => {
        const planned = await planSync({
          tx,
          provider,
          state,
          hrPeople,
          people: await hrPeopleOf(tx, auth.organizationUuid),
          kept: await keptInEquip(tx, provider),
        });
        const now = await stateOf(tx, provider);
        const setupStatus = now.setupStatus === 'INCOMPLETE' ? 'FINAL_SYNC_PENDING' : now.setupStatus;
        if (setupStatus !== now.setupStatus) await setSetupStatus(tx, provider, setupStatus);
        return { setupStatus, counts: countsOf(planned), entries: planned.map((p) => p.entry) };
      });
    },

    /** Queues a sync now (the first one only after its preview); answers the queued run. */
    async requestSync(tx: Db, auth: AuthContext, provider: HrProvider): Promise<HrSyncRun> {
      const state = await stateOf(tx, provider);
      if (state.status === 'INACTIVE') throw conflict(HR_SYNC_MESSAGES.paused);
      if (state.setupStatus === 'INCOMPLETE') throw conflict(HR_SYNC_MESSAGES.previewFirst);
      const runUuid = await insertRun(tx, {
        organizationUuid: auth.organizationUuid,
        provider,
        trigger: 'manual',
      });
      await jobs.send(
        'integrations.sync',
        { organizationUuid: auth.organizationUuid, provider, runUuid, actorUuid: auth.userUuid },
        { db: tx },
      );
      return runOf((await findRun(tx, runUuid))!);
    },

    /** The tenant's, of one integration or all, on the lists' reads. */
    runs(reads: TenantReads, auth: AuthContext, query: HrSyncRunListQuery): Promise<JsonText<HrSyncRunPage>> {
      return readJsonPage(reads, syncRunList, auth.organizationUuid, query);
    },

    /** The tenant's, of one integration or all, on the lists' reads. */
    conflicts(
      reads: TenantReads,
      auth: AuthContext,
      query: HrConflictListQuery,
    ): Promise<JsonText<HrConflictPage>> {
      return readJsonPage(reads, conflictList, auth.organizationUuid, query);
    },

    /**
     * Decides a conflict. Keeping Equip's value is remembered against this HR value (the sync does not
     * ask again until the HR system changes it). Keeping the HR value applies it to the employee now,
     * through the employees module (a 409 when the email is still in use); for a person not in Equip yet
     * the next sync reads everyone again and adds them.
     */
    async resolve(tx: Db, auth: AuthContext, uuid: string, keep: HrConflictResolution): Promise<HrConflict> {
      const row = await findConflict(tx, uuid);
      if (!row) throw notFound(HR_SYNC_MESSAGES.conflictNotFound);
      if (row.resolvedAt) throw conflict(HR_SYNC_MESSAGES.conflictResolved);
      if (keep === 'HR') {
        if (row.userUuid) {
          const person = (await hrPeopleOf(tx, auth.organizationUuid)).find((p) => p.uuid === row.userUuid);
          if (!person) throw conflict(HR_SYNC_MESSAGES.employeeGone);
          await changeHrPerson(tx, { actor: auth, actorUuid: auth.userUuid }, person, {
            [row.field]: row.hrValue,
          });
        } else {
          // The person was never added: the next sync reads every person again.
          await forgetSyncCursor(tx, row.provider);
        }
      }
      return conflictOf(await resolveConflict(tx, uuid, keep));
    },
  };
}

export type IntegrationSyncService = ReturnType<typeof createIntegrationSyncService>;
