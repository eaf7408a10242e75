import type { Channel } from '@equip/domain/audit-log';
import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmSyncCounts } from '@equip/domain/mdm-connections';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import type { MdmInventoryDevice } from '../../providers/mdm/adapter.ts';
import { type EventInput, logEvent } from '../audit-log/index.ts';
import { securityLost } from './service.ts';

/**
 * Writing one page of an MDM's inventory into the organisation's devices (issue 27, item 3; decision
 * 025), in the caller's tenant transaction: a device is matched by its serial number; one Equip does not
 * have is created (status active, the MDM provider set); a matched one takes what the MDM reports (model,
 * maker, OS and version, encryption, enrolment; never a value the MDM does not give) with a
 * DEVICE_UPDATED before and after, is linked to the MDM (provider, the MDM's id, last seen) and is no
 * longer marked as gone. The page is written in a few statements whatever its size, and nothing of it is
 * kept afterwards: the sync's memory is one page.
 */

/** The audit log's channel of each provider (`via`): the sync's events say where they came from. */
export const CHANNEL_OF_PROVIDER: Record<MdmProvider, Channel> = {
  FLEET: 'fleet',
  JAMF: 'jamf',
  MANAGE_ENGINE: 'manage-engine',
};

/** What a sync of one connection writes with. */
export interface InventorySyncTarget {
  organizationUuid: string;
  provider: MdmProvider;
  /** When the sync started: every device it lists is stamped with it; the others are then gone. */
  startedAt: Date;
  /** The person who asked ("Sync now"); null for the hourly sync (its events say `automatic`). */
  actorUuid: string | null;
}

/** The fields the MDM owns on a matched device, compared for the event's before and after. */
const FROM_MDM = [
  'model',
  'manufacturer',
  'os',
  'osVersion',
  'isEncrypted',
  'enrollmentState',
  'mdmProvider',
] as const;
type FromMdm = (typeof FROM_MDM)[number];

const SYNC_COLUMNS = {
  uuid: devices.uuid,
  name: devices.name,
  serialNumber: devices.serialNumber,
  model: devices.model,
  manufacturer: devices.manufacturer,
  os: devices.os,
  osVersion: devices.osVersion,
  isEncrypted: devices.isEncrypted,
  isProtected: devices.isProtected,
  enrollmentState: devices.enrollmentState,
  mdmProvider: devices.mdmProvider,
  lastSeenAt: devices.lastSeenAt,
  mdmMissingSince: devices.mdmMissingSince,
};
type SyncRow = Awaited<ReturnType<typeof matchedDevices>>[number];

/** The organisation's devices with these serial numbers, oldest first (the first of a duplicate is matched). */
function matchedDevices(tx: Db, organizationUuid: string, serials: string[]) {
  return tx
    .select(SYNC_COLUMNS)
    .from(devices)
    .where(and(eq(devices.organizationUuid, organizationUuid), inArray(devices.serialNumber, serials)))
    .orderBy(asc(devices.createdAt), asc(devices.uuid));
}

/** The values a matched device takes from the MDM: what it reports, Equip's own where it reports nothing. */
function valuesFromMdm(
  row: SyncRow,
  item: MdmInventoryDevice,
  provider: MdmProvider,
): Pick<SyncRow, FromMdm> {
  return {
    model: item.model ?? row.model,
    manufacturer: item.manufacturer ?? row.manufacturer,
    os: item.os === 'UNKNOWN' ? row.os : item.os,
    osVersion: item.osVersion ?? row.osVersion,
    isEncrypted: item.encrypted ?? row.isEncrypted,
    enrollmentState: item.enrollmentState ?? row.enrollmentState,
    mdmProvider: provider,
  };
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A matched device's row of the page's one update statement. */
interface UpdateRow extends Pick<SyncRow, FromMdm> {
  uuid: string;
  mdmDeviceId: string;
  lastSeenAt: string | null;
  /** Whether anything an event reports changed (then `updated_at` moves too). */
  touched: boolean;
}

/**
 * Writes one page of the inventory; answers what it did (`seen`, `created`, `updated`, `returned`,
 * `skipped`; `missing` is the end's). A record without a serial number cannot be matched and is skipped,
 * as is a second record of one serial on the page and a serial whose device another MDM manages (unless
 * that MDM no longer lists it: then the device moves to this one).
 */
export async function applyInventoryPage(
  tx: Db,
  target: InventorySyncTarget,
  items: readonly MdmInventoryDevice[],
): Promise<MdmSyncCounts> {
  const { organizationUuid, provider, startedAt, actorUuid } = target;
  const counts: MdmSyncCounts = {
    seen: items.length,
    created: 0,
    updated: 0,
    missing: 0,
    returned: 0,
    skipped: 0,
  };
  const bySerial = new Map<string, MdmInventoryDevice>();
  for (const item of items) {
    if (!item.serialNumber || bySerial.has(item.serialNumber)) counts.skipped += 1;
    else bySerial.set(item.serialNumber, item);
  }
  if (bySerial.size === 0) return counts;

  const matched = new Map<string, SyncRow>();
  for (const row of await matchedDevices(tx, organizationUuid, [...bySerial.keys()]))
    if (row.serialNumber && !matched.has(row.serialNumber)) matched.set(row.serialNumber, row);

  const via = CHANNEL_OF_PROVIDER[provider];
  const automatic = actorUuid ? {} : { automatic: true };
  const event = (
    type: EventInput['type'],
    subjectUuid: string,
    data: Record<string, unknown>,
  ): EventInput => ({
    organizationUuid,
    type,
    actorUuid,
    subjectUuid,
    data: { ...data, via, provider, ...automatic },
  });
  const events: EventInput[] = [];
  const updates: UpdateRow[] = [];
  const created: (typeof devices.$inferInsert)[] = [];

  for (const [serialNumber, item] of bySerial) {
    const row = matched.get(serialNumber);
    if (!row) {
      created.push({
        organizationUuid,
        name: item.name,
        serialNumber,
        type: item.type,
        os: item.os,
        osVersion: item.osVersion,
        model: item.model,
        manufacturer: item.manufacturer,
        status: 'active',
        ...(item.enrollmentState ? { enrollmentState: item.enrollmentState } : {}),
        mdmProvider: provider,
        isEncrypted: item.encrypted ?? false,
        lastSeenAt: item.lastSeenAt,
        mdmDeviceId: item.mdmId,
        mdmSyncedAt: startedAt,
      });
      continue;
    }
    // Another MDM manages the device with this serial: it stays that MDM's (its own sync keeps it),
    // unless that MDM no longer lists it (marked gone): then it moved here.
    if (row.mdmProvider && row.mdmProvider !== provider && row.mdmMissingSince === null) {
      counts.skipped += 1;
      continue;
    }
    const next = valuesFromMdm(row, item, provider);
    const changed = FROM_MDM.filter((key) => row[key] !== next[key]);
    const returned = row.mdmMissingSince !== null;
    updates.push({
      uuid: row.uuid,
      ...next,
      mdmDeviceId: item.mdmId,
      lastSeenAt: iso(later(row.lastSeenAt, item.lastSeenAt)),
      touched: changed.length > 0 || returned,
    });
    if (changed.length === 0 && !returned) continue;
    const before: Record<string, unknown> = Object.fromEntries(changed.map((key) => [key, row[key]]));
    const after: Record<string, unknown> = Object.fromEntries(changed.map((key) => [key, next[key]]));
    if (returned) {
      before.mdmMissingSince = iso(row.mdmMissingSince);
      after.mdmMissingSince = null;
      counts.returned += 1;
    }
    if (changed.length > 0) counts.updated += 1;
    events.push(event('DEVICE_UPDATED', row.uuid, { name: row.name, before, after }));
    const lost = securityLost(row, { isEncrypted: next.isEncrypted, isProtected: row.isProtected });
    if (lost.length > 0) events.push(event('SECURITY_ALERT', row.uuid, { name: row.name, lost }));
  }

  if (created.length > 0) {
    const rows = await tx
      .insert(devices)
      .values(created)
      .returning({ uuid: devices.uuid, name: devices.name });
    counts.created = rows.length;
    rows.forEach((row, i) => {
      const values = created[i]!;
      events.push(
        event('DEVICE_ADDED', row.uuid, {
          name: row.name,
          type: values.type,
          os: values.os,
          serialNumber: values.serialNumber,
          status: values.status,
        }),
      );
    });
  }
  if (updates.length > 0) await applyUpdates(tx, updates, startedAt);
  await logEvent(tx, events);
  return counts;
}

/** The page's matched devices in one statement: each row's values travel as one JSON parameter. */
async function applyUpdates(tx: Db, rows: UpdateRow[], startedAt: Date): Promise<void> {
  await tx.execute(sql`
    update ${devices} as d set
      model = v.model,
      manufacturer = v.manufacturer,
      os = v.os,
      os_version = v."osVersion",
      is_encrypted = v."isEncrypted",
      enrollment_state = v."enrollmentState",
      mdm_provider = v."mdmProvider",
      mdm_device_id = v."mdmDeviceId",
      last_seen_at = v."lastSeenAt",
      mdm_synced_at = ${startedAt},
      mdm_missing_since = null,
      updated_at = case when v.touched then now() else d.updated_at end
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(
      "uuid" uuid, "model" text, "manufacturer" text, "os" text, "osVersion" text, "isEncrypted" boolean,
      "enrollmentState" text, "mdmProvider" text, "mdmDeviceId" text, "lastSeenAt" timestamptz, "touched" boolean
    )
    where d.uuid = v.uuid`);
}

/** Devices marked as gone per statement at the end of a sync. */
export const MISSING_PER_STATEMENT = 500;

/**
 * The end of a complete sync: up to MISSING_PER_STATEMENT of the provider's devices that the sync did not
 * list (stamped before it started, or never) and that are not marked yet are marked as gone from the MDM
 * since the sync's start, with a DEVICE_UPDATED each. Answers how many; the caller repeats until fewer.
 * Nothing is deleted: assignments, history and commands stay.
 */
export async function markMissingFromMdm(tx: Db, target: InventorySyncTarget): Promise<number> {
  const { organizationUuid, provider, startedAt, actorUuid } = target;
  const { rows } = (await tx.execute(sql`
    with gone as (
      select uuid from ${devices}
      where organization_uuid = ${organizationUuid}
        and mdm_provider = ${provider}
        and mdm_missing_since is null
        and (mdm_synced_at is null or mdm_synced_at < ${startedAt})
      order by uuid
      limit ${MISSING_PER_STATEMENT}
      for update
    )
    update ${devices} as d set mdm_missing_since = ${startedAt}, updated_at = now()
    from gone where d.uuid = gone.uuid
    returning d.uuid, d.name`)) as unknown as { rows: { uuid: string; name: string }[] };
  const since = startedAt.toISOString();
  await logEvent(
    tx,
    rows.map((row) => ({
      organizationUuid,
      type: 'DEVICE_UPDATED' as const,
      actorUuid,
      subjectUuid: row.uuid,
      data: {
        name: row.name,
        before: { mdmMissingSince: null },
        after: { mdmMissingSince: since },
        via: CHANNEL_OF_PROVIDER[provider],
        provider,
        ...(actorUuid ? {} : { automatic: true }),
      },
    })),
  );
  return rows.length;
}
