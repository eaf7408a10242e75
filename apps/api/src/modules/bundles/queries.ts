import {
  Application,
  type ApplicationListQuery,
  type ApplicationPage,
  type ApplicationSettings,
  type Bundle,
  type BundleEmployeePage,
  type BundleListQuery,
  type BundlePage,
  type DefaultManagementMode,
} from '@equip/domain/bundles';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  applications,
  bundleApplications,
  bundleEmployees,
  bundleSettings,
  bundles,
} from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { type JsonText, readJsonPage, render } from '../../lists/list-query.ts';
import {
  applicationColumns,
  applicationList,
  type BundleEmployeeQuery,
  bundleEmployeeList,
  bundleList,
} from './list.ts';

export const listApplications = (
  reads: TenantReads,
  organizationUuid: string,
  query: ApplicationListQuery,
): Promise<JsonText<ApplicationPage>> => readJsonPage(reads, applicationList, organizationUuid, query);

export const listBundles = (
  reads: TenantReads,
  organizationUuid: string,
  query: BundleListQuery,
): Promise<JsonText<BundlePage>> => readJsonPage(reads, bundleList, organizationUuid, query);

/** One page of a bundle's people; null when the tenant has no such bundle. */
export async function listBundleEmployees(
  reads: TenantReads,
  organizationUuid: string,
  query: BundleEmployeeQuery,
): Promise<JsonText<BundleEmployeePage> | null> {
  const [[found] = []] = await reads.read(organizationUuid, [
    render(
      'bundles.exists',
      sql`select 1 as found from ${bundles} where ${bundles.uuid} = ${query.bundleUuid}::uuid`,
    ),
  ]);
  if (!found) return null;
  return readJsonPage(reads, bundleEmployeeList, organizationUuid, query);
}

const applicationSelect = sql.join(
  Object.entries(applicationColumns).map(
    ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
  ),
  sql`, `,
);

/** Catalog applications by uuid (the catalog is every organisation's). */
export async function applicationsByUuid(
  tx: Db,
  uuids: readonly string[],
): Promise<Map<string, Application>> {
  if (uuids.length === 0) return new Map();
  const { rows } = (await tx.execute(
    sql`select ${applicationSelect} from ${applications} where ${inArray(applications.uuid, [...new Set(uuids)])}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return new Map(rows.map((row) => [row.uuid as string, Application.parse(row)]));
}

/** A bundle of the tenant with its applications (by name) and people, as SPEC §3 has it; null when none. */
export async function findBundle(tx: Db, uuid: string): Promise<Bundle | null> {
  const [bundle] = await tx.select().from(bundles).where(eq(bundles.uuid, uuid));
  if (!bundle) return null;
  const entries = await tx.select().from(bundleApplications).where(eq(bundleApplications.bundleUuid, uuid));
  const catalog = await applicationsByUuid(
    tx,
    entries.map((entry) => entry.applicationUuid),
  );
  const members = await tx
    .select({ userUuid: bundleEmployees.userUuid })
    .from(bundleEmployees)
    .where(eq(bundleEmployees.bundleUuid, uuid))
    .orderBy(bundleEmployees.createdAt, bundleEmployees.userUuid);
  const employeeUuids = members.map((m) => m.userUuid);
  return {
    uuid: bundle.uuid,
    name: bundle.name,
    description: bundle.description,
    organizationUuid: bundle.organizationUuid,
    createdAt: bundle.createdAt.toISOString(),
    updatedAt: bundle.updatedAt.toISOString(),
    applications: entries
      .map((entry) => ({
        application: catalog.get(entry.applicationUuid)!,
        management: entry.management,
        offboardingType: entry.offboardingType,
        onboardingShouldCreateAccount: entry.onboardingShouldCreateAccount,
        owners: entry.owners,
      }))
      .sort((x, y) => x.application.name.localeCompare(y.application.name, 'en')),
    employees: employeeUuids.map((accountUuid) => ({ accountUuid })),
    employeeUuids,
  };
}

/** The tenant's bundle of this name (trimmed, any case), but `except`; null when none. */
export async function bundleNamed(tx: Db, name: string, except?: string): Promise<string | null> {
  const [row] = await tx
    .select({ uuid: bundles.uuid })
    .from(bundles)
    .where(
      and(
        sql`lower(${bundles.name}) = lower(${name.trim()})`,
        except ? sql`${bundles.uuid} <> ${except}` : undefined,
      ),
    );
  return row?.uuid ?? null;
}

export async function insertBundle(
  tx: Db,
  values: { organizationUuid: string; name: string; description: string | null },
): Promise<string> {
  const [row] = await tx.insert(bundles).values(values).returning({ uuid: bundles.uuid });
  return row!.uuid;
}

/** Changes a bundle's fields and marks it changed now (with no fields: only the mark). */
export async function touchBundle(
  tx: Db,
  uuid: string,
  values: { name?: string; description?: string | null } = {},
): Promise<void> {
  await tx
    .update(bundles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bundles.uuid, uuid));
}

export async function deleteBundle(tx: Db, uuid: string): Promise<void> {
  await tx.delete(bundles).where(eq(bundles.uuid, uuid));
}

export type BundleApplicationRow = ApplicationSettings & { applicationUuid: string };

/** Writes these applications' settings into the bundle (added, or changed in place). */
export async function upsertBundleApplications(
  tx: Db,
  organizationUuid: string,
  bundleUuid: string,
  rows: readonly BundleApplicationRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const excluded = (column: string): SQL => sql.raw(`excluded.${column}`);
  await tx
    .insert(bundleApplications)
    .values(rows.map((row) => ({ ...row, organizationUuid, bundleUuid })))
    .onConflictDoUpdate({
      target: [bundleApplications.bundleUuid, bundleApplications.applicationUuid],
      set: {
        management: excluded('management'),
        offboardingType: excluded('offboarding_type'),
        onboardingShouldCreateAccount: excluded('onboarding_should_create_account'),
        owners: excluded('owners'),
      },
    });
}

export async function deleteBundleApplications(
  tx: Db,
  bundleUuid: string,
  applicationUuids: readonly string[],
): Promise<void> {
  if (applicationUuids.length === 0) return;
  await tx
    .delete(bundleApplications)
    .where(
      and(
        eq(bundleApplications.bundleUuid, bundleUuid),
        inArray(bundleApplications.applicationUuid, [...applicationUuids]),
      ),
    );
}

/** The bundle each of these people is in now, with its name (people without one are left out). */
export async function membershipsOf(
  tx: Db,
  userUuids: readonly string[],
): Promise<Map<string, { bundleUuid: string; bundleName: string }>> {
  if (userUuids.length === 0) return new Map();
  const rows = await tx
    .select({ userUuid: bundleEmployees.userUuid, bundleUuid: bundles.uuid, bundleName: bundles.name })
    .from(bundleEmployees)
    .innerJoin(bundles, eq(bundles.uuid, bundleEmployees.bundleUuid))
    .where(inArray(bundleEmployees.userUuid, [...userUuids]));
  return new Map(
    rows.map((row) => [row.userUuid, { bundleUuid: row.bundleUuid, bundleName: row.bundleName }]),
  );
}

/** These people leave whatever bundle they are in. */
export async function removeMemberships(tx: Db, userUuids: readonly string[]): Promise<void> {
  if (userUuids.length === 0) return;
  await tx.delete(bundleEmployees).where(inArray(bundleEmployees.userUuid, [...userUuids]));
}

export async function insertMemberships(
  tx: Db,
  organizationUuid: string,
  bundleUuid: string,
  userUuids: readonly string[],
): Promise<void> {
  if (userUuids.length === 0) return;
  await tx
    .insert(bundleEmployees)
    .values(userUuids.map((userUuid) => ({ organizationUuid, bundleUuid, userUuid })));
}

/** The organisation's default management mode (none kept: equip, decision 028). */
export async function defaultManagementMode(
  tx: Db,
  organizationUuid: string,
): Promise<DefaultManagementMode> {
  const [row] = await tx
    .select({ mode: bundleSettings.defaultManagementMode })
    .from(bundleSettings)
    .where(eq(bundleSettings.organizationUuid, organizationUuid));
  return row?.mode ?? 'equip';
}

export async function saveDefaultManagementMode(
  tx: Db,
  organizationUuid: string,
  mode: DefaultManagementMode,
): Promise<void> {
  await tx
    .insert(bundleSettings)
    .values({ organizationUuid, defaultManagementMode: mode })
    .onConflictDoUpdate({
      target: bundleSettings.organizationUuid,
      set: { defaultManagementMode: mode, updatedAt: sql`now()` },
    });
}
