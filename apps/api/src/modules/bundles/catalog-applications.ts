import type { InstallableApplication } from '@equip/domain/software-installs';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/index.ts';

/**
 * Catalog applications by uuid, with what an MDM needs to find each (its ids per system), for the devices
 * area's installs and uninstalls (decision 030; the bundles area owns the catalog). The catalog is
 * shared by every organisation.
 */
export async function catalogApplications(
  tx: Db,
  uuids: readonly string[],
): Promise<Map<string, InstallableApplication>> {
  if (uuids.length === 0) return new Map();
  const rows = await tx
    .select({
      uuid: applications.uuid,
      name: applications.name,
      macApplicationId: applications.macApplicationId,
      windowsApplicationId: applications.windowsApplicationId,
      iosApplicationId: applications.iosApplicationId,
      ipadApplicationId: applications.ipadApplicationId,
      macAppStoreId: applications.macAppStoreId,
    })
    .from(applications)
    .where(inArray(applications.uuid, [...new Set(uuids)]));
  return new Map(rows.map((row) => [row.uuid, row]));
}
