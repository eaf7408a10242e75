import type { AppJobs } from '../../background/app-job-types.ts';
import { planPerConnection } from '../../background/plan-per-connection.ts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { HrAdapters } from '../../providers/hr/hr-adapters.ts';
import { activeIntegrationsOfEveryOrganisation, syncedIntegrationsOfEveryOrganisation } from './queries.ts';
import { recheckIntegration } from './service.ts';
import { runSync } from './sync.ts';
import { insertRun } from './sync-queries.ts';

/**
 * The hourly re-check of every organisation's HR integration that is not paused (decision 029), as the
 * MDM connections' (decision 015): `integrations.plan` (cron) enqueues one `integrations.check` per
 * integration through the shared per-connection plan, keyed by the plan's own job id; each check runs
 * `recheckIntegration` in the integration's organisation, the function "Test" uses.
 */
export function registerIntegrationCheckJobs(jobs: AppJobs, deps: { db: Db; hr: HrAdapters }): void {
  const { db, hr } = deps;

  jobs.handle('integrations.plan', async (_payload, job) => {
    const planned = await planPerConnection(db, activeIntegrationsOfEveryOrganisation, (integrations) =>
      jobs.sendMany(
        'integrations.check',
        integrations.map((i) => ({
          payload: { organizationUuid: i.organizationUuid, provider: i.provider },
          key: `${job.id}:${i.organizationUuid}:${i.provider}`,
        })),
      ),
    );
    if (planned > 0) jobs.kick('integrations.check');
  });

  jobs.handle('integrations.check', async ({ organizationUuid, provider }) => {
    await recheckIntegration((work) => withTenant(db, organizationUuid, work), hr, provider);
  });

  // The hourly HR sync (decision 032): one `integrations.sync` per integration set up and not paused.
  jobs.handle('integrations.sync.plan', async (_payload, job) => {
    const planned = await planPerConnection(db, syncedIntegrationsOfEveryOrganisation, (synced) =>
      jobs.sendMany(
        'integrations.sync',
        synced.map((i) => ({
          payload: {
            organizationUuid: i.organizationUuid,
            provider: i.provider,
            runUuid: null,
            actorUuid: null,
          },
          key: `${job.id}:${i.organizationUuid}:${i.provider}`,
        })),
      ),
    );
    if (planned > 0) jobs.kick('integrations.sync');
  });

  jobs.handle('integrations.sync', async ({ organizationUuid, provider, runUuid, actorUuid }) => {
    const tenant = <T>(work: (tx: Db) => Promise<T>) => withTenant(db, organizationUuid, work);
    // A scheduled sync records its run when it starts.
    const run =
      runUuid ?? (await tenant((tx) => insertRun(tx, { organizationUuid, provider, trigger: 'scheduled' })));
    await runSync(tenant, hr, { organizationUuid, provider, runUuid: run, actorUuid });
  });
}
