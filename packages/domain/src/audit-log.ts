import { z } from 'zod';
import { IsoDateTime, pageOf, pagination, queryArray, Uuid } from './common.ts';
import { EventType } from './notifications.ts';

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

/** The CSV export's columns, in the shared export machinery's format. */
export const AUDIT_LOG_EXPORT = {
  columns: [
    { field: 'time', header: 'Time', required: true },
    { field: 'type', header: 'Type', required: true },
    { field: 'actor', header: 'Actor', required: false },
    { field: 'actorUuid', header: 'Actor ID', required: false },
    { field: 'subject', header: 'Subject', required: false },
    { field: 'subjectUuid', header: 'Subject ID', required: false },
    { field: 'data', header: 'Details', required: false },
  ],
} as const;
export type AuditLogExportField = (typeof AUDIT_LOG_EXPORT.columns)[number]['field'];

/** One event as a row of the export (details as JSON). */
export function auditLogExportEntry(entry: AuditLogEntry): Record<AuditLogExportField, string> {
  return {
    time: entry.createdAt,
    type: entry.type,
    actor: entry.actorName ?? '',
    actorUuid: entry.actorUuid ?? '',
    subject: entry.subjectName ?? '',
    subjectUuid: entry.subjectUuid ?? '',
    data: Object.keys(entry.data).length > 0 ? JSON.stringify(entry.data) : '',
  };
}

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
