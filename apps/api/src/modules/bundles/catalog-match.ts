import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { applications } from '../../db/schema/index.ts';

/**
 * Which entry of the application catalog an installed application is (decision 026), as SQL pieces for
 * the devices area's software inventory (the bundles area owns the catalog). An entry matches by its
 * bundle identifier (the catalog's macOS, iPhone or iPad id), else by its package id (the catalog's
 * Windows id), else by name as `equip_software_match_name` compares names (migration 0038): letters and
 * digits, lower-cased, without `.app`. Ids are compared without case; the strongest match wins, then
 * the catalog's name.
 */
const lowerOf = (value: SQL | AnyPgColumn) => sql`lower(${value})`;

function matchRank(bundleId: SQL, packageId: SQL, name: SQL): SQL {
  const a = applications;
  return sql`case
    when ${lowerOf(bundleId)} in (${lowerOf(a.macApplicationId)}, ${lowerOf(a.iosApplicationId)}, ${lowerOf(a.ipadApplicationId)}) then 1
    when ${lowerOf(packageId)} = ${lowerOf(a.windowsApplicationId)} then 2
    when equip_software_match_name(${name}) = equip_software_match_name(${a.name}) then 3
  end`;
}

export const catalogMatch = {
  /** The uuid of the catalog application an entry with these values is, or NULL (a scalar subquery). */
  uuidOf: (entry: { bundleId: SQL; packageId: SQL; name: SQL }): SQL => {
    const rank = matchRank(entry.bundleId, entry.packageId, entry.name);
    return sql`(select ${applications.uuid} from ${applications} where ${rank} is not null
      order by ${rank}, ${applications.name} limit 1)`;
  },
  /** LEFT JOIN from a matched application uuid to the catalog. */
  join: (applicationUuid: SQL | AnyPgColumn) =>
    sql`left join ${applications} on ${applications.uuid} = ${applicationUuid}`,
  /** `{ uuid, name }` of the joined catalog application, or null. */
  json: sql`case when ${applications.uuid} is null then null else json_build_object('uuid', ${applications.uuid}, 'name', ${applications.name}) end`,
};
