import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceSoftware, devices } from '../../db/schema/index.ts';

/**
 * Which catalog applications the devices of these people have installed (decision 026's inventory), and
 * how many of the people have each (bundles' suggestions, issue 29): `people` is a subquery of user uuids.
 */
export async function installedByPeople(
  tx: Db,
  people: SQL,
): Promise<{ applicationUuid: string; holders: number }[]> {
  const rows = await tx
    .select({
      applicationUuid: deviceSoftware.applicationUuid,
      holders: sql<number>`count(distinct ${devices.assignedToUuid})::integer`,
    })
    .from(deviceSoftware)
    .innerJoin(devices, eq(devices.uuid, deviceSoftware.deviceUuid))
    .where(and(isNotNull(deviceSoftware.applicationUuid), inArray(devices.assignedToUuid, people)))
    .groupBy(deviceSoftware.applicationUuid);
  return rows.flatMap((row) =>
    row.applicationUuid ? [{ applicationUuid: row.applicationUuid, holders: Number(row.holders) }] : [],
  );
}
