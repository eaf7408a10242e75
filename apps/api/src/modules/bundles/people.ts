import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { collated } from '../../db/collation.ts';
import { bundleEmployees, bundles } from '../../db/schema/index.ts';

/**
 * What other areas may know of a person's bundle, as SQL pieces for their lists (the bundles area owns
 * these tables; a list that shows or sorts by the assigned bundle joins through here).
 */
export const assignedBundle = {
  /** LEFT JOINs from a person (`userUuid`) to their bundle membership and the bundle. */
  join: (userUuid: SQL | AnyPgColumn) =>
    sql`left join ${bundleEmployees} on ${bundleEmployees.userUuid} = ${userUuid} left join ${bundles} on ${bundles.uuid} = ${bundleEmployees.bundleUuid}`,
  /** `{ uuid, name }` of the bundle, or null. */
  json: sql`case when ${bundles.uuid} is null then null else json_build_object('uuid', ${bundles.uuid}, 'name', ${bundles.name}) end`,
  /** The bundle's name for sorting (NULL without one). */
  sortName: collated(bundles.name),
  /** True for people without a bundle. */
  missing: sql`${bundleEmployees.userUuid} is null`,
};

/** A person leaves every bundle (they were removed). */
export async function removeFromBundles(tx: Db, userUuid: string): Promise<void> {
  await tx.delete(bundleEmployees).where(eq(bundleEmployees.userUuid, userUuid));
}
