import type { AppJobs } from '../../background/app-job-types.ts';
import { planPerConnection } from '../../background/plan-per-connection.ts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { WorkspaceAdapters } from '../../providers/workspace/workspace-adapters.ts';
import { activeWorkspacesOfEveryOrganisation } from './queries.ts';
import { recheckWorkspace } from './service.ts';

/**
 * The hourly re-check of every organisation's workspace that is not paused (decision 033), as the MDM
 * connections' (decision 015): `workspaces.plan` (cron) enqueues one `workspaces.check` per workspace
 * through the shared per-connection plan, keyed by the plan's own job id; each check runs
 * `recheckWorkspace` in the workspace's organisation, the function "Test" uses (it reads the groups too).
 */
export function registerWorkspaceCheckJobs(
  jobs: AppJobs,
  deps: { db: Db; workspace: WorkspaceAdapters },
): void {
  const { db, workspace } = deps;

  jobs.handle('workspaces.plan', async (_payload, job) => {
    const planned = await planPerConnection(db, activeWorkspacesOfEveryOrganisation, (rows) =>
      jobs.sendMany(
        'workspaces.check',
        rows.map((w) => ({
          payload: { organizationUuid: w.organizationUuid!, provider: w.provider },
          key: `${job.id}:${w.organizationUuid}:${w.provider}`,
        })),
      ),
    );
    if (planned > 0) jobs.kick('workspaces.check');
  });

  jobs.handle('workspaces.check', async ({ organizationUuid }) => {
    await recheckWorkspace((work) => withTenant(db, organizationUuid, work), workspace);
  });
}
