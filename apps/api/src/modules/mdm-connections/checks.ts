import type { MdmProvider } from '@equip/domain/mdm';
import { CONNECTABLE_MDM_PROVIDERS } from '@equip/domain/mdm-connections';
import type { AppJobs } from '../../background/app-job-types.ts';
import { planPerConnection as planEvery } from '../../background/plan-per-connection.ts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { MdmAdapters } from '../../providers/mdm/mdm-adapters.ts';
import { connectionsOfEveryOrganisation } from './queries.ts';
import { recheckConnection } from './service.ts';

/** A connection an hourly plan enqueues a job for. */
export interface PlannedConnection {
  organizationUuid: string;
  provider: MdmProvider;
}

/**
 * The MDM plans' reading (the re-check here, the inventory sync in the devices module): every
 * organisation's connection to a provider Equip has a client for, through the shared per-connection plan
 * (`background/plan-per-connection.ts`).
 */
export function planPerConnection(
  db: Db,
  enqueue: (connections: PlannedConnection[]) => Promise<unknown>,
): Promise<number> {
  return planEvery(
    db,
    (handle) => connectionsOfEveryOrganisation(handle, CONNECTABLE_MDM_PROVIDERS),
    enqueue,
  );
}

/**
 * The scheduled re-check of every organisation's MDM server connection (decision 015).
 * `mdm.connections.plan` (cron) reads every connection to a provider Equip has a client for on the system
 * handle, across organisations, and enqueues one `mdm.connections.check` per connection, keyed by the
 * plan's own job id: one check per connection and run, also when the plan is tried again. Each check
 * runs `recheckConnection` in the connection's organisation (its tenant transaction; the server asked
 * outside it), the same function the "Test connection" route uses, so the event and the IT owners'
 * notification come only when a connection starts failing or works again. A check that runs twice
 * records twice and logs at most one change.
 */
export function registerConnectionCheckJobs(jobs: AppJobs, deps: { db: Db; mdm: MdmAdapters }): void {
  const { db, mdm } = deps;

  jobs.handle('mdm.connections.plan', async (_payload, job) => {
    const planned = await planPerConnection(db, (connections) =>
      jobs.sendMany(
        'mdm.connections.check',
        connections.map((c) => ({
          payload: { organizationUuid: c.organizationUuid, provider: c.provider },
          key: `${job.id}:${c.organizationUuid}:${c.provider}`,
        })),
      ),
    );
    if (planned > 0) jobs.kick('mdm.connections.check');
  });

  jobs.handle('mdm.connections.check', async ({ organizationUuid, provider }) => {
    await recheckConnection((work) => withTenant(db, organizationUuid, work), mdm, {
      organizationUuid,
      provider,
      actorUuid: null,
    });
  });
}
