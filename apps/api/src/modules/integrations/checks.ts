import type { AppJobs } from '../../background/app-job-types.ts';
import { planPerConnection } from '../../background/plan-per-connection.ts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { HrAdapters } from '../../providers/hr/hr-adapters.ts';
import { activeIntegrationsOfEveryOrganisation } from './queries.ts';
import { recheckIntegration } from './service.ts';

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
}
