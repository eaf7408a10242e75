import {
  DeviceSoftwareItem,
  type DeviceSoftwareListQuery,
  type DeviceSoftwarePage,
  type DeviceSoftwareRefreshResult,
  type DeviceSoftwareSortingKey,
  type ReportedSoftware,
  type SoftwareInventorySource,
} from '@equip/domain/device-software';
import { ErrorType } from '@equip/domain/errors';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collated } from '../../db/collation.ts';
import { deviceCommands, deviceSoftware, devices } from '../../db/schema/index.ts';
import type { ReadStatement, TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import {
  defineList,
  type JsonText,
  type ListDefinition,
  readJsonPage,
  render,
} from '../../lists/list-query.ts';
import { MdmCommandRejected, MdmUnavailable } from '../../providers/mdm/adapter.ts';
import { type MdmAdapters, NoMdmAdapter } from '../../providers/mdm/mdm-adapters.ts';
import { logEvent } from '../audit-log/index.ts';
import { catalogMatch } from '../bundles/index.ts';
import { findStoredConnection } from '../mdm-connections/index.ts';
import type { InTenant } from './actions.ts';
import { likePattern } from './list.ts';
import { DEVICE_NOT_FOUND } from './messages.ts';
import { findDevice } from './queries.ts';

/**
 * A device's installed software (decision 026): the list of the shared machinery under the device
 * (`GET /api/devices/:uuid/software`), and the statement that replaces what one source reported.
 */

/** The list's query with the device from the path. */
export type DeviceSoftwareQuery = DeviceSoftwareListQuery & { deviceUuid: string };

const s = deviceSoftware;
const name = collated(s.name);

/** The text a search matches: name, version, bundle and package id, lower-cased. */
const searchText = sql`lower(${s.name} || ' ' || coalesce(${s.version}, '') || ' ' || coalesce(${s.bundleId}, '') || ' ' || coalesce(${s.packageId}, ''))`;

/**
 * One device's entries, by name (then source), by source or by when last seen. A device has at most a
 * few thousand, so a search filters the device's rows (walked by the name index) and counts them with
 * the page; each sort walks an index of migration 0038 from the device on.
 */
export const deviceSoftwareList: ListDefinition<
  DeviceSoftwareQuery,
  DeviceSoftwareItem,
  DeviceSoftwareSortingKey
> = defineList(DeviceSoftwareItem, {
  name: 'device-software',
  columns: {
    uuid: sql`${s.uuid}`,
    name: sql`${s.name}`,
    version: sql`${s.version}`,
    source: sql`${s.source}`,
    bundleId: sql`${s.bundleId}`,
    packageId: sql`${s.packageId}`,
    path: sql`${s.path}`,
    lastSeenAt: sql`${s.lastSeenAt}`,
    application: catalogMatch.json,
  },
  from: () => sql`${s} ${catalogMatch.join(s.applicationUuid)}`,
  where: (query, organizationUuid) => {
    const pattern = likePattern(query.textSearchQuery);
    return [
      eq(s.organizationUuid, organizationUuid),
      eq(s.deviceUuid, query.deviceUuid),
      query.sources?.length ? inArray(s.source, query.sources) : undefined,
      query.matchedOnly ? isNotNull(s.applicationUuid) : undefined,
      pattern ? sql`${searchText} like ${pattern}` : undefined,
    ];
  },
  sorts: {
    name: { columns: [name], keyset: true },
    source: { columns: [collated(s.source), name], keyset: true },
    lastSeenAt: { columns: [sql`${s.lastSeenAt}`, name], keyset: true },
  },
  tieBreaker: sql`${s.uuid}`,
  sortOf: (query) => ({ key: query.sortingKey ?? 'name', direction: query.sortingDirection ?? 'asc' }),
  total: () => 'window',
});

/** A report's entries as one JSON text (one parameter, however many entries). */
const entriesJson = (entries: readonly ReportedSoftware[]) =>
  JSON.stringify(
    entries.map((e) => ({
      name: e.name,
      version: e.version,
      bundleId: e.bundleId,
      packageId: e.packageId,
      path: e.path,
    })),
  );

/**
 * Replaces what `source` last reported for the device with `entries` (every row stamped with the
 * report's instant), each matched to the application catalog: one statement, so a reader sees the old
 * list or the new one. The device must be the tenant's (the insert's row-level check holds it).
 */
export function replaceSoftwareSql(
  organizationUuid: string,
  deviceUuid: string,
  source: SoftwareInventorySource,
  entries: readonly ReportedSoftware[],
): SQL {
  const x = {
    name: sql.raw('x.name'),
    bundleId: sql.raw('x."bundleId"'),
    packageId: sql.raw('x."packageId"'),
  };
  // Every parameter is cast to its type (the pipeline's driver sends a jsonb-typed string as JSON).
  // The same statement confirms the device's completed installs whose application the report holds and
  // its completed uninstalls whose application it does not (decision 030: what bundles read).
  const c = deviceCommands;
  return sql`with x as (
      select x.name, x.version, x."bundleId", x."packageId", x.path, ${catalogMatch.uuidOf(x)} as application_uuid
      from jsonb_to_recordset(${entriesJson(entries)}::text::jsonb)
        as x(name text, version text, "bundleId" text, "packageId" text, path text)
    ), gone as (
      delete from ${s} where ${and(eq(s.deviceUuid, sql`${deviceUuid}::uuid`), eq(s.source, sql`${source}::text`))}
    ), confirmed as (
      update ${c} set confirmed_at = now()
      where ${c.deviceUuid} = ${deviceUuid}::uuid and ${c.state} = 'completed' and ${c.confirmedAt} is null
        and ((${c.action} = 'install_software'
              and ${c.applicationUuid} in (select application_uuid from x where application_uuid is not null))
          or (${c.action} = 'uninstall_software'
              and ${c.applicationUuid} not in (select application_uuid from x where application_uuid is not null)))
    )
    insert into ${s} (organization_uuid, device_uuid, source, name, version, bundle_id, package_id, path, application_uuid, last_seen_at)
    select ${organizationUuid}::uuid, ${deviceUuid}::uuid, ${source}::text, x.name, x.version, x."bundleId",
      x."packageId", x.path, x.application_uuid, now()
    from x`;
}

/**
 * Replaces what an MDM reported of a device's software (replaceSoftwareSql) and logs the patches the new
 * report shows (issue 29, item 5): one `SOFTWARE_PATCHED` per catalog application whose version changed
 * since that source's last report (`application`, `fromVersion`, `toVersion`, as the demo's patches
 * read). A first report, or an application new on the device, is no patch. In the caller's tenant
 * transaction; the MDM's own reads (a refresh, the hourly sync) come through here.
 */
export async function replaceSoftwareLogged(
  tx: Db,
  organizationUuid: string,
  device: { uuid: string; name: string },
  source: SoftwareInventorySource,
  entries: readonly ReportedSoftware[],
  actorUuid: string | null,
): Promise<void> {
  const versions = () =>
    tx
      .select({ applicationUuid: s.applicationUuid, name: s.name, version: s.version })
      .from(s)
      .where(and(eq(s.deviceUuid, device.uuid), eq(s.source, source), isNotNull(s.applicationUuid)));
  const before = new Map((await versions()).map((row) => [row.applicationUuid, row.version]));
  await tx.execute(replaceSoftwareSql(organizationUuid, device.uuid, source, entries));
  const patched = (await versions()).filter((row) => {
    const was = before.get(row.applicationUuid);
    return was && row.version && was !== row.version;
  });
  await logEvent(
    tx,
    patched.map((row) => ({
      organizationUuid,
      type: 'SOFTWARE_PATCHED' as const,
      actorUuid,
      subjectUuid: device.uuid,
      data: {
        name: device.name,
        application: row.name,
        fromVersion: before.get(row.applicationUuid),
        toVersion: row.version,
        provider: source,
      },
    })),
  );
}

/** replaceSoftwareSql for the pipelined tenant write (an agent's check-in, decision 013). */
export const replaceSoftwareStatement = (...args: Parameters<typeof replaceSoftwareSql>): ReadStatement =>
  render('device-software.replace', replaceSoftwareSql(...args));

/** The software operations of the devices' service (service.ts), with what they are built with. */
export interface DeviceSoftwareDeps {
  /** The adapter of a device's MDM: its server's client, or the sandbox (decision 012). */
  mdm: Pick<MdmAdapters, 'for'>;
}

const deviceNotFound = () => notFound(DEVICE_NOT_FOUND);
const exists = (uuid: string) =>
  render(
    'device-software.device',
    sql`select 1 as found from ${devices} where ${devices.uuid} = ${uuid}::uuid`,
  );

export function deviceSoftwareOperations({ mdm }: DeviceSoftwareDeps) {
  return {
    /** One page of the device's installed software; another organisation's device is not found. */
    async softwarePage(
      reads: TenantReads,
      auth: AuthContext,
      deviceUuid: string,
      query: DeviceSoftwareListQuery,
    ): Promise<JsonText<DeviceSoftwarePage>> {
      const [[found] = []] = await reads.read(auth.organizationUuid, [exists(deviceUuid)]);
      if (!found) throw deviceNotFound();
      return readJsonPage(reads, deviceSoftwareList, auth.organizationUuid, { ...query, deviceUuid });
    },

    /**
     * Reads the device's installed software from its MDM now and replaces what that MDM reported before.
     * The MDM is asked outside any transaction. 409 when the device has no MDM, no connection or sandbox
     * serves it, or the MDM does not know it; 503 when the MDM cannot answer now.
     */
    async refreshSoftware(
      inTenant: InTenant,
      auth: AuthContext,
      deviceUuid: string,
    ): Promise<DeviceSoftwareRefreshResult> {
      const target = await inTenant(async (tx) => {
        const row = await findDevice(tx, deviceUuid);
        if (!row) throw deviceNotFound();
        if (!row.mdmProvider) throw conflict(SOFTWARE_NO_MDM);
        return {
          row,
          provider: row.mdmProvider,
          connection: await findStoredConnection(tx, row.mdmProvider),
        };
      });
      const device = {
        uuid: target.row.uuid,
        name: target.row.name,
        serialNumber: target.row.serialNumber,
        os: target.row.os,
      };
      let entries: ReportedSoftware[];
      try {
        entries = await mdm.for(target.provider, target.connection).installedSoftware(device);
      } catch (error) {
        if (error instanceof NoMdmAdapter || error instanceof MdmCommandRejected)
          throw conflict(error.message);
        if (error instanceof MdmUnavailable)
          throw new AppError(503, { msg: error.message, errorType: ErrorType.ServiceUnavailable });
        throw error;
      }
      await inTenant((tx) =>
        replaceSoftwareLogged(
          tx,
          auth.organizationUuid,
          { uuid: deviceUuid, name: target.row.name },
          target.provider,
          entries,
          auth.userUuid,
        ),
      );
      return { source: target.provider, count: entries.length };
    },
  };
}

/** Why a device's software cannot be read from an MDM. */
export const SOFTWARE_NO_MDM = 'The device is not managed through an MDM';
