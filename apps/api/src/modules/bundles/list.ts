import {
  Application,
  type ApplicationListQuery,
  type ApplicationSortingKey,
  BundleEmployee,
  type BundleEmployeeListQuery,
  type BundleEmployeeSortingKey,
  type BundleListQuery,
  type BundleSortingKey,
  BundleSummary,
  type SoftwareSource,
} from '@equip/domain/bundles';
import { eq, type SQL, sql } from 'drizzle-orm';
import { collated } from '../../db/collation.ts';
import { applications, bundleApplications, bundleEmployees, bundles } from '../../db/schema/index.ts';
import { defineList, type SortKey, sortValue } from '../../lists/list-query.ts';
import { personSql } from '../people/index.ts';

/**
 * The bundles area's lists on the shared machinery (lists/list-query.ts, decision 022): the application
 * catalog (shared by every organisation), the organisation's bundles with their counts, and one bundle's
 * people. Catalog and bundles are tens of rows, a bundle's people thousands: a text search narrows with
 * a LIKE over the words a person sees, counted with the page.
 */

const a = applications;
const b = bundles;
const be = bundleEmployees;
const ba = bundleApplications;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a text search (lower-cased), or null without one. */
function searchPattern(query: { textSearchQuery?: string | undefined }): string | null {
  const text = query.textSearchQuery?.trim().toLowerCase();
  return text ? `%${escapeLike(text)}%` : null;
}

const by = (columns: SQL[], keyset: boolean): SortKey => ({ columns, keyset });

/** The catalog's condition of each source (decision 028, `applicationSources` in the domain). */
const SOURCE_CONDITIONS: Record<SoftwareSource, SQL> = {
  FLEET: sql`(${a.macApplicationId} is not null or ${a.windowsApplicationId} is not null)`,
  MANAGE_ENGINE: sql`(${a.macApplicationId} is not null or ${a.windowsApplicationId} is not null)`,
  VPP_IPHONE: sql`${a.iosApplicationId} is not null`,
  VPP_IPAD: sql`${a.ipadApplicationId} is not null`,
  VPP_MAC: sql`${a.macAppStoreId} is not null`,
};

/** Platforms any of which an application has. */
const anyPlatform = (platforms: readonly string[]) =>
  sql`${a.platforms} && array[${sql.join(
    platforms.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;

/** The catalog's columns as the domain's `Application` (the bundle's detail reads the same). */
export const applicationColumns = {
  uuid: sql`${a.uuid}`,
  name: sql`${a.name}`,
  platforms: sql`${a.platforms}`,
  subscriptionsSupportedByEquip: sql`${a.subscriptionsSupportedByEquip}`,
  subscriptionsSupportedByOwners: sql`${a.subscriptionsSupportedByOwners}`,
  macApplicationId: sql`${a.macApplicationId}`,
  windowsApplicationId: sql`${a.windowsApplicationId}`,
  iosApplicationId: sql`${a.iosApplicationId}`,
  macAppStoreId: sql`${a.macAppStoreId}`,
  ipadApplicationId: sql`${a.ipadApplicationId}`,
};

export const applicationList = defineList<ApplicationListQuery, Application, ApplicationSortingKey>(
  Application,
  {
    name: 'applications',
    columns: applicationColumns,
    from: () => sql`${a}`,
    // The catalog is the provider's, the same for every organisation.
    where: (query) => {
      const pattern = searchPattern(query);
      return [
        sql`true`,
        query.platforms?.length ? anyPlatform(query.platforms) : undefined,
        query.sources?.length
          ? sql`(${sql.join(
              query.sources.map((source) => SOURCE_CONDITIONS[source]),
              sql` or `,
            )})`
          : undefined,
        pattern
          ? sql`lower(concat_ws(' ', ${a.name}, ${a.macApplicationId}, ${a.windowsApplicationId})) like ${pattern}`
          : undefined,
      ];
    },
    sorts: { name: by([collated(a.name)], true) },
    tieBreaker: sql`${a.uuid}`,
    sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
    total: () => 'window',
  },
);

const MOBILE = sql`array['ios', 'ipad']::text[]`;
/** A bundle's applications counted (the primary key on bundle and application serves it). */
const applicationCount = (condition?: SQL) =>
  sortValue(
    sql`(select count(*)::integer from ${ba} join ${a} on ${a.uuid} = ${ba.applicationUuid}
      where ${ba.bundleUuid} = ${b.uuid}${condition ? sql` and ${condition}` : sql``})`,
    'integer',
  );
const allApplications = applicationCount();
const employeeCount = sortValue(
  sql`(select count(*)::integer from ${be} where ${be.bundleUuid} = ${b.uuid})`,
  'integer',
);
const bundleName = collated(b.name);

export const bundleList = defineList<BundleListQuery, BundleSummary, BundleSortingKey>(BundleSummary, {
  name: 'bundles',
  columns: {
    uuid: sql`${b.uuid}`,
    name: sql`${b.name}`,
    description: sql`${b.description}`,
    applicationCount: allApplications,
    desktopApplicationCount: applicationCount(sql`not (${a.platforms} && ${MOBILE})`),
    mobileApplicationCount: applicationCount(sql`${a.platforms} && ${MOBILE}`),
    employeeCount,
    createdAt: sql`${b.createdAt}`,
    updatedAt: sql`${b.updatedAt}`,
  },
  from: () => sql`${b}`,
  where: (query, organizationUuid) => {
    const pattern = searchPattern(query);
    return [
      eq(b.organizationUuid, organizationUuid),
      pattern ? sql`lower(concat_ws(' ', ${b.name}, ${b.description})) like ${pattern}` : undefined,
    ];
  },
  sorts: {
    name: by([bundleName], true),
    applicationCount: by([allApplications, bundleName], true),
    employeeCount: by([employeeCount, bundleName], true),
    updatedAt: by([sql`${b.updatedAt}`], true),
  },
  tieBreaker: sql`${b.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});

/** The people list's query with the bundle from the path. */
export type BundleEmployeeQuery = BundleEmployeeListQuery & { bundleUuid: string };

const member = sql`${be.userUuid}`;
const lastName = collated(personSql.lastName(member));
const firstName = collated(personSql.firstName(member));

export const bundleEmployeeList = defineList<BundleEmployeeQuery, BundleEmployee, BundleEmployeeSortingKey>(
  BundleEmployee,
  {
    name: 'bundle-employees',
    columns: {
      uuid: member,
      firstName: personSql.firstName(member),
      lastName: personSql.lastName(member),
      assignedAt: sql`${be.createdAt}`,
    },
    from: () => sql`${be}`,
    where: (query, organizationUuid) => {
      const pattern = searchPattern(query);
      return [
        eq(be.organizationUuid, organizationUuid),
        eq(be.bundleUuid, query.bundleUuid),
        pattern
          ? sql`lower(concat_ws(' ', ${personSql.firstName(member)}, ${personSql.lastName(member)})) like ${pattern}`
          : undefined,
      ];
    },
    sorts: {
      name: by([lastName, firstName], false),
      assignedAt: by([sql`${be.createdAt}`], true),
    },
    tieBreaker: member,
    sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
    total: () => 'window',
  },
);
