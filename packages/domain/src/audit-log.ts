import { z } from 'zod';
import { REGISTRY } from './areas.ts';
import { IsoDateTime, pageOf, pagination, queryArray, Uuid } from './common.ts';
import type { ExportSchema } from './csv-import/export.ts';

/**
 * The events an area logs (`logEvent`), which the audit log lists: each area declares its own in
 * `areas/<area>.ts`, gathered in `areas.ts` in the areas' order.
 */
export const EventType = z.enum(REGISTRY.events);
export type EventType = z.infer<typeof EventType>;
export const EventLogEntry = z.object({
  uuid: Uuid,
  type: EventType,
  actorUuid: Uuid.nullable(),
  subjectUuid: Uuid.nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: IsoDateTime,
});

/**
 * The audit log: every event of the organisation, newest first (issue 10). `from` and `to` are ISO
 * instants with an offset (`from` inclusive, `to` exclusive): the browser turns the days a person
 * picks into instants in the organisation's time zone, so the API has one meaning for any caller.
 */
export const AuditLogQuery = z.object({
  types: queryArray(EventType),
  actorUuid: Uuid.optional(),
  subjectUuid: Uuid.optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
  ...pagination(200, 50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** The filters alone (the URL's and the export's). */
export const AuditLogFilters = AuditLogQuery.omit({ skip: true, take: true, cursor: true });
export type AuditLogFilters = z.infer<typeof AuditLogFilters>;

/** One event with the names of who did it and whom or what it concerns (null when unknown). */
export const AuditLogEntry = z.object({
  uuid: Uuid,
  type: EventType,
  createdAt: IsoDateTime,
  actorUuid: Uuid.nullable(),
  actorName: z.string().nullable(),
  subjectUuid: Uuid.nullable(),
  subjectName: z.string().nullable(),
  /** What changed: `{ before, after }` for edits, counts for imports, … */
  data: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogPage = pageOf(AuditLogEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** The message of a range whose start is not before its end. */
export const AUDIT_LOG_RANGE_INVALID = 'The start of the range must be before its end';

/** True when the range is empty (from at or after to); open ends are fine. */
export const isEmptyRange = (filters: Pick<AuditLogFilters, 'from' | 'to'>): boolean =>
  filters.from !== undefined &&
  filters.to !== undefined &&
  Date.parse(filters.from) >= Date.parse(filters.to);

/** The columns of the audit log's table, by id (`columns=` of the export names them). */
export const AuditLogTableColumn = z.enum(['createdAt', 'type', 'actorName', 'subjectName']);
export type AuditLogTableColumn = z.infer<typeof AuditLogTableColumn>;

/** An export field of one field of events' data (`data.department`): a column of its own. */
export const dataExportField = (key: string) => `data.${key}`;

/**
 * `GET /api/audit-log/export` (issue 25, item 16): when, the event in words, by whom, about whom or
 * what, then the details as readable columns — one per field of data the exported events hold, in the
 * vocabulary's order (fields it does not know after them, by name) — and an edit's changes ("Department:
 * Sales → Engineering"); the IDs with `columns=all` (the default). The details belong to the event column.
 */
export function auditLogExportSchema(dataKeys: Iterable<string>): ExportSchema<string, AuditLogTableColumn> {
  const present = new Set([...dataKeys].filter(isShownDataField));
  const known = AUDIT_DATA_FIELDS.filter((key) => present.has(key));
  const unknown = [...present].filter((key) => !isAuditDataField(key)).sort();
  return {
    tableColumns: AuditLogTableColumn.options,
    columns: [
      { field: 'time', column: 'createdAt', cell: 'datetime' },
      { field: 'type', column: 'type' },
      { field: 'actor', column: 'actorName' },
      { field: 'actorUuid', column: null },
      { field: 'subject', column: 'subjectName' },
      { field: 'subjectUuid', column: null },
      ...[...known, ...unknown].map((key) => ({ field: dataExportField(key), column: 'type' as const })),
      { field: 'changes', column: 'type' },
    ],
  };
}
/**
 * The vocabulary of events' data (issue 25, items 16 and 17), shared by the web's event drawer and the
 * server's export: every field the API writes into an event's data that is shown, in reading order (the
 * export's detail columns follow it). Each side names them in its catalog — the web's messages
 * (`features/audit-log/lib/event-data.ts`) and the server's export words — typed over this list, so a
 * field added here must be named on both.
 */
export const AUDIT_DATA_FIELDS = [
  // People
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'department',
  'position',
  'startDate',
  'lastDate',
  'employeeStatus',
  'userType',
  'role',
  'source',
  'license',
  'employeeName',
  'externalId',
  // Sign-in and imports
  'ip',
  'method',
  'via',
  'automatic',
  'count',
  'fileName',
  // Devices
  'type',
  'os',
  'osVersion',
  'model',
  'manufacturer',
  'serialNumber',
  'location',
  'status',
  'previousStatus',
  'assignmentType',
  'enrollmentState',
  'flow',
  'lost',
  'action',
  'state',
  'triggerReset',
  'resetQueued',
  'reason',
  'device',
  'devices',
  'threat',
  'application',
  'fromVersion',
  'toVersion',
  'mdmMissingSince',
  // MDM servers
  'provider',
  'baseUrl',
  'tokenHint',
  'error',
  'previousError',
  // Organisation
  'organization',
  'kind',
  'expiresAt',
  'timeZone',
  'country',
  'workingDays',
  'setup',
  'sso',
  'issuer',
  'clientId',
  // Webhooks
  'url',
  'description',
  'eventTypes',
  'enabled',
  // Bundles
  'added',
  'removed',
  'changed',
  'previousBundleName',
  'mode',
  // Peripheral assets
  'baseKind',
  'vendor',
  'modelNumber',
  'items',
  // Orders
  'from',
  'to',
  'recipientName',
  'trackingNumber',
  'shipmentState',
  // Workspaces
  'domain',
  // Hardware requests and bundle installs
  'requesterName',
  'applicationName',
] as const;
export type AuditDataField = (typeof AUDIT_DATA_FIELDS)[number];

const DATA_FIELD_SET: ReadonlySet<string> = new Set(AUDIT_DATA_FIELDS);
export const isAuditDataField = (key: string): key is AuditDataField => DATA_FIELD_SET.has(key);

/** Whether a field of an event's data is a detail (not the record's own references, not an edit's sides). */
export const isShownDataField = (key: string): boolean =>
  !/Uuid$/.test(key) && key !== 'before' && key !== 'after';

/** How a person signed in (`method`) and through what a record came (`via`): the values events store. */
export const SIGN_IN_METHODS = [
  'password',
  'sso',
  'authenticator',
  'invitation',
  'setup',
  'act-as',
  'reset',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export const CHANNELS = [
  'manual',
  'csv-import',
  'enrollment',
  'agent',
  'invitation',
  'reset',
  'setup',
  'sandbox',
  'fleet',
  'jamf',
  'manage-engine',
] as const;
export type Channel = (typeof CHANNELS)[number];
/** What a device command ended as (`state`). */
export const COMMAND_STATES = ['completed', 'failed'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/**
 * Which fields' values are one of a known set of words, and which sets (the first that holds the value
 * names it: `status` is a device's or a person's). Everything else is shown as stored, dates in the
 * reader's form, numbers as numbers, yes/no for flags.
 */
export const AUDIT_VALUE_SETS = {
  method: ['signInMethod'],
  via: ['channel'],
  provider: ['mdmProvider'],
  action: ['deviceAction'],
  state: ['commandState'],
  status: ['deviceStatus', 'employeeStatus'],
  previousStatus: ['deviceStatus'],
  employeeStatus: ['employeeStatus'],
  os: ['deviceOs'],
  type: ['deviceType'],
  assignmentType: ['assignmentType'],
  enrollmentState: ['enrollmentState'],
  role: ['role'],
  source: ['userSource'],
  userType: ['userType'],
} as const satisfies Partial<Record<AuditDataField, readonly string[]>>;
export type AuditValueSet = (typeof AUDIT_VALUE_SETS)[keyof typeof AUDIT_VALUE_SETS][number];

/** One changed field of an edit: its value before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The changes of an event whose data holds `before` and `after` (edits), field by field in a stable
 * order; fields equal on both sides are left out. Null when the event is not an edit.
 */
export function fieldChanges(data: Record<string, unknown>): FieldChange[] | null {
  const { before, after } = data;
  if (!isRecord(before) && !isRecord(after)) return null;
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].sort();
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null }));
}
