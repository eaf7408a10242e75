import { eq } from 'drizzle-orm';
import type { AppJobs } from '../../background/app-job-types.ts';
import { RetryAt } from '../../background/job-runner.ts';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { MdmCommandRejected, type MdmDevice, MdmUnavailable } from '../../providers/mdm/adapter.ts';
import { type MdmAdapters, NoMdmAdapter } from '../../providers/mdm/mdm-adapters.ts';
import { catalogApplications } from '../bundles/index.ts';
import { findStoredConnection } from '../mdm-connections/index.ts';
import type { MdmJobsLog } from './mdm-jobs.ts';

/**
 * Self-service offers (issue 29, item 5): `mdm.offer` makes a catalog application available in one
 * device's self-service catalogue through the device's MDM adapter (`offerSoftware`), or withdraws it.
 * Queued by `requestSoftwareFor` with the change that asks for it (a bundle's `SELF_SERVICE`
 * applications, when a person joins or leaves, or the application's management changes). Unlike an
 * install there is nothing to follow up: the provider shows the offer, the person installs it when they
 * want, and the next inventory shows it installed. A provider that cannot take it now is tried again (its
 * Retry-After kept); a refusal that cannot change (no such application at the provider, Jamf's app set to
 * install automatically) is logged at warn and ends the job.
 */
export function registerOfferJobs(jobs: AppJobs, deps: { db: Db; mdm: MdmAdapters; log: MdmJobsLog }): void {
  const { db, mdm, log } = deps;
  jobs.handle('mdm.offer', async ({ organizationUuid, deviceUuid, applicationUuid, offered }) => {
    const target = await withTenant(db, organizationUuid, async (tx) => {
      const [device] = await tx
        .select({
          uuid: devices.uuid,
          name: devices.name,
          serialNumber: devices.serialNumber,
          os: devices.os,
          provider: devices.mdmProvider,
          mdmDeviceId: devices.mdmDeviceId,
          mdmMissingSince: devices.mdmMissingSince,
        })
        .from(devices)
        .where(eq(devices.uuid, deviceUuid));
      const application = (await catalogApplications(tx, [applicationUuid])).get(applicationUuid);
      if (!device?.provider || !application) return null;
      return { device, application, connection: await findStoredConnection(tx, device.provider) };
    });
    // The device was removed or left its MDM, or the application left the catalog: nothing to offer.
    if (!target) return;
    const { device, application, connection } = target;
    const about = { organizationUuid, deviceUuid, applicationUuid, offered, provider: device.provider };
    const mdmDevice: MdmDevice = {
      uuid: device.uuid,
      name: device.name,
      serialNumber: device.serialNumber,
      os: device.os,
      mdmId: device.mdmMissingSince === null ? device.mdmDeviceId : null,
    };
    try {
      const adapter = mdm.for(device.provider!, connection);
      await adapter.offerSoftware(mdmDevice, { offered, application });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof MdmCommandRejected || error instanceof NoMdmAdapter) {
        log.warn({ ...about, error: message }, 'MDM refused the self-service offer');
        return;
      }
      log.warn({ ...about, error: message }, 'MDM self-service offer failed; tried again later');
      if (error instanceof MdmUnavailable && error.retryAt) throw new RetryAt(error.retryAt, error);
      throw error;
    }
  });
}
