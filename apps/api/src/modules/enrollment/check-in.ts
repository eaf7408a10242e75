import type { AgentReport } from '@equip/domain/enrollment';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceAgents } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { dialect } from '../../lists/list-query.ts';
import { logEvent } from '../audit-log/index.ts';
import { replaceSoftwareStatement, securityLost } from '../devices/index.ts';

/**
 * The companion agent's side of enrolment (decision 013): its credential (device_agents, replaced in
 * the caller's tenant transaction) and its check-ins, which write what the agent reports onto the
 * device (one pipelined statement, or a tenant transaction of its own when the report raises a
 * security alert).
 */

/** The specification values a check-in writes (merged into what the device already has). */
function specificationOf(report: AgentReport): Record<string, string> {
  const spec: Record<string, string> = { hostname: report.hostname, agentVersion: report.agentVersion };
  if (report.cpu) spec.cpu = report.cpu;
  if (report.memoryBytes !== null) spec.memoryBytes = String(report.memoryBytes);
  if (report.diskBytes !== null) spec.diskBytes = String(report.diskBytes);
  return spec;
}

/**
 * How stale `last_seen_at` may get before a check-in that changes nothing else writes it: every write
 * of a device's row adds an entry to each of its dozen indexes (last_seen_at is one of them, so the
 * update is never HOT), which an unchanged report every minute need not pay (decision 013).
 */
export const LAST_SEEN_RESOLUTION_SECONDS = 300;

/** Gives the device a new agent credential (its token's hash); earlier ones stop working. */
export async function replaceAgent(
  tx: Db,
  values: { organizationUuid: string; deviceUuid: string; tokenHash: string },
): Promise<void> {
  await tx
    .update(deviceAgents)
    .set({ revokedAt: new Date() })
    .where(and(eq(deviceAgents.deviceUuid, values.deviceUuid), isNull(deviceAgents.revokedAt)));
  await tx.insert(deviceAgents).values(values);
}

export interface CheckInOutcome {
  deviceUuid: string;
  /** The report was seen before, or is older than the last one: it changed nothing. */
  duplicate: boolean;
  /** The device has used up its check-ins of this window: nothing changed. */
  limited: boolean;
}

/** One row of the check-in statement. */
interface CheckInRow {
  deviceUuid: string;
  duplicate: boolean;
  limited: boolean;
  /** The report would take encryption away and the statement was told not to write that. */
  securityLoss: boolean;
  wasEncrypted: boolean | null;
  isProtected: boolean | null;
  isEncrypted: boolean | null;
  name: string | null;
}

/**
 * The check-in as one statement: the agent's row authenticates it (by the token's hash), counts it in
 * the device's rate-limit window and de-duplicates it (the last report's id and collection time); an
 * accepted report is written onto the device (OS and version, model, serial, specification with the
 * hostname, encryption when the agent could tell, last seen; the name given at registration stays)
 * when it changes something or last
 * seen is older than LAST_SEEN_RESOLUTION_SECONDS. It also lets its transaction commit without waiting
 * for the disk (`synchronous_commit`, local to it): a check-in lost in a crash is sent again a minute
 * later. Unless `allowSecurityLoss`, a report that would take the device's encryption away changes
 * nothing and answers `securityLoss` (the caller then writes it with its SECURITY_ALERT).
 */
function checkInSql(
  tokenHash: string,
  report: AgentReport,
  window: { start: Date; limit: number },
  allowSecurityLoss: boolean,
) {
  const spec = JSON.stringify(specificationOf(report));
  const windowStart = window.start.toISOString();
  // `agent` locks the agent's row, `old` the device's (keeping the values before the update for the
  // alert); `changed` is the report's values, each falling back to the stored one the agent could not read.
  // Every parameter is cast to its type (the pipeline's driver sends a jsonb-typed string as JSON).
  return sql`
    with agent as (
      select a.uuid, a.device_uuid,
        coalesce(a.last_report_id = ${report.reportId}::uuid or a.last_collected_at >= ${report.collectedAt}::timestamptz, false) as duplicate,
        coalesce(a.window_start = ${windowStart}::timestamptz and a.window_count >= ${window.limit}::integer, false) as limited,
        coalesce((select d.is_encrypted from devices d where d.uuid = a.device_uuid) and ${report.diskEncrypted}::boolean = false, false) as loses
      from device_agents a where a.token_hash = ${tokenHash} and a.revoked_at is null for update
    ), go as (
      select * from agent where ${allowSecurityLoss}::boolean or not loses
    ), counted as (
      update device_agents d set
        last_report_id = case when a.duplicate then d.last_report_id else ${report.reportId}::uuid end,
        last_collected_at = case when a.duplicate then d.last_collected_at else ${report.collectedAt}::timestamptz end,
        window_count = case when d.window_start = ${windowStart}::timestamptz then d.window_count + 1 else 1 end,
        window_start = ${windowStart}::timestamptz
      from go a where d.uuid = a.uuid and not a.limited
      returning d.uuid
    ), old as (
      select uuid, name, os, os_version, model, manufacturer, serial_number, is_encrypted, is_protected,
        coalesce(specification, '{}'::jsonb) as specification, last_seen_at
      from devices
      where uuid = (select device_uuid from go where not duplicate and not limited)
      for update
    ), changed as (
      select old.uuid,
        -- The name given at registration stays (people know the device by it); the hostname is in the
        -- specification.
        old.name as name,
        ${report.os}::text as os,
        coalesce(${report.osVersion}::text, old.os_version) as os_version,
        coalesce(${report.model}::text, old.model) as model,
        coalesce(${report.manufacturer}::text, old.manufacturer) as manufacturer,
        coalesce(${report.serialNumber}::text, old.serial_number) as serial_number,
        coalesce(${report.diskEncrypted}::boolean, old.is_encrypted) as is_encrypted,
        old.specification || ${spec}::text::jsonb as specification
      from old
    ), written as (
      update devices d set
        name = c.name, os = c.os, os_version = c.os_version, model = c.model,
        manufacturer = c.manufacturer, serial_number = c.serial_number, is_encrypted = c.is_encrypted,
        specification = c.specification, last_seen_at = now()
      from changed c join old o on o.uuid = c.uuid
      where d.uuid = c.uuid and (
        (c.name, c.os, c.os_version, c.model, c.manufacturer, c.serial_number, c.is_encrypted, c.specification)
          is distinct from
        (o.name, o.os, o.os_version, o.model, o.manufacturer, o.serial_number, o.is_encrypted, o.specification)
        or o.last_seen_at is null
        or o.last_seen_at < now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_SECONDS}::integer)
      )
      returning d.is_encrypted
    )
    select a.device_uuid as "deviceUuid", a.duplicate, a.limited,
      (a.loses and not ${allowSecurityLoss}::boolean) as "securityLoss",
      o.is_encrypted as "wasEncrypted", o.is_protected as "isProtected",
      coalesce((select is_encrypted from written), o.is_encrypted) as "isEncrypted", c.name as "name",
      set_config('synchronous_commit', 'off', true) as "commit"
    from agent a left join old o on true left join changed c on true`;
}

/**
 * One agent check-in (decision 013). The common case is one statement sent in one pipelined round trip
 * (`reads.write`); a report that takes the device's encryption away is written in a transaction with its
 * SECURITY_ALERT (the devices rule, securityLost). Null for an unknown or revoked token.
 */
export async function checkInAgent(
  database: { db: Db; reads: TenantReads },
  organizationUuid: string,
  tokenHash: string,
  report: AgentReport,
  window: { start: Date; limit: number },
): Promise<CheckInOutcome | null> {
  const query = dialect.sqlToQuery(checkInSql(tokenHash, report, window, false));
  const [[fast] = []] = await database.reads.write(organizationUuid, [
    { name: 'agent-check-in', text: query.sql, params: query.params },
  ]);
  const row = fast as CheckInRow | undefined;
  if (!row) return null;
  if (!row.securityLoss)
    return { deviceUuid: row.deviceUuid, duplicate: row.duplicate, limited: row.limited };
  return withTenant(database.db, organizationUuid, async (tx) => {
    const result = (await tx.execute(checkInSql(tokenHash, report, window, true))) as unknown as {
      rows: CheckInRow[];
    };
    const locked = result.rows[0];
    if (!locked) return null;
    const outcome = { deviceUuid: locked.deviceUuid, duplicate: locked.duplicate, limited: locked.limited };
    if (locked.wasEncrypted === null || locked.isEncrypted === null || locked.isProtected === null)
      return outcome;
    const lost = securityLost(
      { isEncrypted: locked.wasEncrypted, isProtected: locked.isProtected },
      { isEncrypted: locked.isEncrypted, isProtected: locked.isProtected },
    );
    if (lost.length > 0)
      await logEvent(tx, {
        organizationUuid,
        type: 'SECURITY_ALERT',
        actorUuid: null,
        subjectUuid: locked.deviceUuid,
        data: { name: locked.name, lost, via: 'agent' },
      });
    return outcome;
  });
}

/**
 * The installed applications a check-in carried (decision 026): they replace what the agent reported
 * before for the device, in one pipelined statement of the devices module (only reports that carry
 * them: when the list changed, and hourly).
 */
export async function writeAgentSoftware(
  reads: TenantReads,
  organizationUuid: string,
  deviceUuid: string,
  software: NonNullable<AgentReport['software']>,
): Promise<void> {
  await reads.write(organizationUuid, [
    replaceSoftwareStatement(organizationUuid, deviceUuid, 'AGENT', software),
  ]);
}
