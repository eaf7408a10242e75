import type { JobPayload } from '@equip/domain/jobs';
import type { MdmSyncCounts } from '@equip/domain/mdm-connections';
import { and, eq, inArray } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { AppJobs } from '../../background/app-job-types.ts';
import { giveWay } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type MdmAdapter, MdmCommandRejected, type MdmInventoryDevice } from '../../providers/mdm/adapter.ts';
import type { MdmAdapters } from '../../providers/mdm/mdm-adapters.ts';
import {
  claimInventorySync,
  findStoredConnection,
  planPerConnection,
  recordInventorySync,
} from '../mdm-connections/index.ts';
import {
  applyInventoryPage,
  type InventorySyncTarget,
  MISSING_PER_STATEMENT,
  markMissingFromMdm,
} from './mdm-inventory.ts';
import type { MdmJobsLog } from './mdm-jobs.ts';
import { replaceSoftwareLogged } from './software.ts';

/**
 * The inventory sync from each connected MDM (issue 27, item 3; decision 025), on the job machinery
 * (decision 009): `mdm.inventory.plan` hourly enqueues one `mdm.inventory.sync` per connection (as the
 * connection re-check's plan does, `planPerConnection`), and "Sync now" enqueues one for its connection.
 * A sync claims its connection (one at a time per connection), reads the MDM's inventory a page at a time
 * outside any transaction and writes each page in its own tenant transaction before reading the next,
 * so memory holds one page whatever the MDM's size; only a sync that read every page marks the devices
 * it did not see as gone. Its outcome (counts, or the error) is recorded on the connection.
 */

/** A sync running longer than this without finishing is taken for dead (its worker stopped). */
export const SYNC_STALE_MS = 60 * 60_000;
/** Pages a sync reads at most (a million devices at 100 a page): a cursor that never ends fails it. */
const MAX_PAGES = 10_000;

const ZERO: MdmSyncCounts = { seen: 0, created: 0, updated: 0, missing: 0, returned: 0, skipped: 0 };

const add = (a: MdmSyncCounts, b: MdmSyncCounts): MdmSyncCounts => ({
  seen: a.seen + b.seen,
  created: a.created + b.created,
  updated: a.updated + b.updated,
  missing: a.missing + b.missing,
  returned: a.returned + b.returned,
  skipped: a.skipped + b.skipped,
});

/** Why a sync failed, in words for the card: the adapters' messages, or what a strange answer was. */
function reasonOf(error: unknown): string {
  if (error instanceof ZodError) return 'The MDM server answered the device list in an unexpected shape';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Syncs one organisation's connection now; answers the counts, or null when there was nothing to do (no
 * connection, another sync of it running) or the sync failed (recorded on the connection).
 */
export async function syncInventory(
  deps: { db: Db; mdm: MdmAdapters; log?: MdmJobsLog },
  payload: JobPayload<'mdm.inventory.sync'>,
): Promise<MdmSyncCounts | null> {
  const { db, mdm, log } = deps;
  const { organizationUuid, provider, requestedByUuid } = payload;
  const tenant = <T>(work: (tx: Db) => Promise<T>) => withTenant(db, organizationUuid, work);
  const stored = await tenant((tx) => findStoredConnection(tx, provider));
  if (!stored) return null;
  const startedAt = new Date();
  if (!(await tenant((tx) => claimInventorySync(tx, provider, startedAt, SYNC_STALE_MS)))) return null;
  const target: InventorySyncTarget = { organizationUuid, provider, startedAt, actorUuid: requestedByUuid };
  try {
    const adapter = mdm.for(provider, stored);
    let counts = ZERO;
    let cursor: string | null = null;
    let pages = 0;
    let readSoftware = adapter.readsInstalledSoftware;
    do {
      if (++pages > MAX_PAGES) throw new Error(`The MDM's device list did not end after ${MAX_PAGES} pages`);
      // Asked outside any transaction: a slow server holds no database connection.
      const page = await adapter.inventory(cursor);
      const written = await tenant((tx) => applyInventoryPage(tx, target, page.devices));
      counts = add(counts, written);
      if (readSoftware) readSoftware = await syncPageSoftware({ tenant, adapter, target, log }, page.devices);
      cursor = page.next;
      // Other work (requests, on PGlite on this thread) gets its turn between pages.
      await giveWay();
    } while (cursor !== null);
    for (;;) {
      const marked = await tenant((tx) => markMissingFromMdm(tx, target));
      counts = add(counts, { ...ZERO, missing: marked });
      if (marked < MISSING_PER_STATEMENT) break;
    }
    await tenant((tx) => recordInventorySync(tx, provider, startedAt, { counts, error: null }));
    return counts;
  } catch (error) {
    const reason = reasonOf(error);
    log?.warn({ organizationUuid, provider, error: reason }, 'MDM inventory sync failed');
    await tenant((tx) => recordInventorySync(tx, provider, startedAt, { counts: null, error: reason }));
    return null;
  }
}

/**
 * The installed software of a written page's devices (decision 030), where the adapter reads it: one
 * device at a time, each list written (replacing what the provider reported before, confirming installs
 * and uninstalls) before the next is read, so memory holds one device's list whatever the MDM's size.
 * A device the provider cannot read is skipped; when the provider cannot answer now (a rate limit, a
 * server error), the sync reads no more software this time (the next hour does) and answers false.
 */
async function syncPageSoftware(
  deps: {
    tenant: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
    adapter: MdmAdapter;
    target: InventorySyncTarget;
    log: MdmJobsLog | undefined;
  },
  page: readonly MdmInventoryDevice[],
): Promise<boolean> {
  const { tenant, adapter, target, log } = deps;
  const bySerial = new Map(page.flatMap((d) => (d.serialNumber ? [[d.serialNumber, d] as const] : [])));
  if (bySerial.size === 0) return true;
  // The devices this sync just wrote from the page (stamped with its start).
  const synced = await tenant((tx) =>
    tx
      .select({ uuid: devices.uuid, name: devices.name, serialNumber: devices.serialNumber, os: devices.os })
      .from(devices)
      .where(
        and(
          eq(devices.mdmProvider, target.provider),
          eq(devices.mdmSyncedAt, target.startedAt),
          inArray(devices.serialNumber, [...bySerial.keys()]),
        ),
      ),
  );
  for (const device of synced) {
    const mdmId = device.serialNumber ? (bySerial.get(device.serialNumber)?.mdmId ?? null) : null;
    let entries: Awaited<ReturnType<MdmAdapter['installedSoftware']>>;
    try {
      entries = await adapter.installedSoftware({ ...device, mdmId });
    } catch (error) {
      const reason = reasonOf(error);
      const about = {
        organizationUuid: target.organizationUuid,
        provider: target.provider,
        deviceUuid: device.uuid,
      };
      if (error instanceof MdmCommandRejected) {
        log?.warn({ ...about, error: reason }, 'MDM inventory sync: a device’s software could not be read');
        continue;
      }
      // Unavailable (or anything else): no more software reads this time; the next sync tries again.
      log?.warn(
        { ...about, error: reason },
        'MDM inventory sync: software reads stopped until the next sync',
      );
      return false;
    }
    await tenant((tx) =>
      replaceSoftwareLogged(tx, target.organizationUuid, device, target.provider, entries, null),
    );
  }
  return true;
}

export function registerInventorySyncJobs(
  jobs: AppJobs,
  deps: { db: Db; mdm: MdmAdapters; log: MdmJobsLog },
): void {
  const { db } = deps;

  jobs.handle('mdm.inventory.plan', async (_payload, job) => {
    const planned = await planPerConnection(db, (connections) =>
      jobs.sendMany(
        'mdm.inventory.sync',
        connections.map((c) => ({
          payload: { organizationUuid: c.organizationUuid, provider: c.provider, requestedByUuid: null },
          key: `${job.id}:${c.organizationUuid}:${c.provider}`,
        })),
      ),
    );
    if (planned > 0) jobs.kick('mdm.inventory.sync');
  });

  // A failed sync is recorded as the connection's outcome, not thrown: the next hour tries again.
  jobs.handle('mdm.inventory.sync', async (payload) => {
    await syncInventory(deps, payload);
  });
}
