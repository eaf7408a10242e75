import {
  AUDIT_LOG_RANGE_INVALID,
  AuditLogEntry,
  type AuditLogEntry as AuditLogEntryType,
  type AuditLogFilters,
  type AuditLogPage,
  type AuditLogQuery,
  auditLogExportSchema,
  dataExportField,
  type EventType,
  isEmptyRange,
} from '@equip/domain/audit-log';
import type { ShippedLocale } from '@equip/domain/locale';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventLog } from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { exportTable, type TableExportRequest, tableExportOptions } from '../../imports/export.ts';
import { EXPORT_WORDS } from '../../imports/words.ts';
import {
  allRows,
  defineList,
  type JsonText,
  type ListDefinition,
  readJsonPage,
} from '../../lists/list-query.ts';
import { personNameSql, readerSettings } from '../people/index.ts';
import { auditLogExportEntry, auditLogExportTexts } from './export.ts';

/**
 * The audit log (issue 10) as a list of the shared machinery: every event of the organisation, newest
 * first, filtered by type, actor, subject and a range of instants, paged by keyset cursor. The actor's
 * and subject's names are read in the same statement (a primary-key lookup per row of the page); a
 * subject that is not a person is named by its event's own data (a device's name, an email).
 */

const subjectOwnName = sql`coalesce(${eventLog.data}->>'name', ${eventLog.data}->>'email')`;

const COLUMNS: { [K in keyof AuditLogEntryType]-?: SQL } = {
  uuid: sql`${eventLog.uuid}`,
  type: sql`${eventLog.type}`,
  createdAt: sql`${eventLog.createdAt}`,
  actorUuid: sql`${eventLog.actorUuid}`,
  actorName: personNameSql(sql`${eventLog.actorUuid}`),
  subjectUuid: sql`${eventLog.subjectUuid}`,
  subjectName: sql`coalesce(${personNameSql(sql`${eventLog.subjectUuid}`)}, ${subjectOwnName})`,
  data: sql`${eventLog.data}`,
};

type AuditSortKey = 'createdAt';

/** The filters' conditions: each narrows one of the indexes of migration 0022 (organisation, type or actor, time). */
const auditWhere = (query: AuditLogFilters, organizationUuid: string) => [
  eq(eventLog.organizationUuid, organizationUuid),
  query.types?.length ? inArray(eventLog.type, query.types) : undefined,
  query.actorUuid ? eq(eventLog.actorUuid, query.actorUuid) : undefined,
  query.subjectUuid ? eq(eventLog.subjectUuid, query.subjectUuid) : undefined,
  query.from ? gte(eventLog.createdAt, new Date(query.from)) : undefined,
  query.to ? lt(eventLog.createdAt, new Date(query.to)) : undefined,
];

/** The fields of data the matching events hold (the export's detail columns). */
async function dataKeysOf(tx: Db, organizationUuid: string, filters: AuditLogFilters): Promise<string[]> {
  const { rows } = (await tx.execute(
    sql`select distinct jsonb_object_keys(${eventLog.data}) as key from ${eventLog} where ${and(
      ...auditWhere(filters, organizationUuid),
      sql`jsonb_typeof(${eventLog.data}) = 'object'`,
    )}`,
  )) as unknown as { rows: { key: string }[] };
  return rows.map((row) => row.key);
}

/** The organisation's events, newest first, with the filters of auditWhere. */
export const auditLogList: ListDefinition<AuditLogQuery, AuditLogEntryType, AuditSortKey> = defineList(
  AuditLogEntry,
  {
    name: 'audit-log',
    columns: COLUMNS,
    from: () => sql`${eventLog}`,
    where: auditWhere,
    sorts: { createdAt: { columns: [sql`${eventLog.createdAt}`], keyset: true } },
    tieBreaker: sql`${eventLog.uuid}`,
    sortOf: () => ({ key: 'createdAt', direction: 'desc' }),
    // No kept summary of events: the matches are counted with the page.
    total: () => 'window',
  },
);

function assertRange(filters: AuditLogFilters): void {
  if (isEmptyRange(filters))
    throw badRequest(AUDIT_LOG_RANGE_INVALID, {
      location: 'query',
      param: 'to',
      path: ['to'],
      value: filters.to,
    });
}

/** A timestamp as the raw read gives it (a Date, or text on some drivers), as an ISO instant. */
const isoInstant = (value: unknown) => new Date(value as string | Date).toISOString();

export const AUDIT_EVENT_NOT_FOUND = 'Event not found';

export interface AuditLogDeps {
  /** Each event type in words, in each shipped language: every module's (`src/areas.ts`). */
  eventWords: Record<ShippedLocale, Record<EventType, string>>;
}

export function createAuditLogService({ eventWords }: AuditLogDeps) {
  return {
    /** One event of the organisation (a shared link to it); another organisation's is not found. */
    async one(tx: Db, auth: AuthContext, uuid: string): Promise<AuditLogEntryType> {
      const fields = Object.entries(COLUMNS).map(
        ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
      );
      const { rows } = (await tx.execute(
        sql`select ${sql.join(fields, sql`, `)} from ${eventLog} where ${eventLog.uuid} = ${uuid} and ${eventLog.organizationUuid} = ${auth.organizationUuid}`,
      )) as unknown as { rows: AuditLogEntryType[] };
      const [row] = rows;
      if (!row) throw notFound(AUDIT_EVENT_NOT_FOUND);
      return { ...row, createdAt: isoInstant(row.createdAt) };
    },

    /** One page of the organisation's events, newest first. */
    page(reads: TenantReads, auth: AuthContext, query: AuditLogQuery): Promise<JsonText<AuditLogPage>> {
      assertRange(query);
      return readJsonPage(reads, auditLogList, auth.organizationUuid, query);
    },

    /**
     * Every matching event as CSV or Excel, through the shared export machinery, page by page: the event
     * in words, its details as columns of their own and an edit's changes, in the caller's language.
     */
    async exportFile(tx: Db, auth: AuthContext, filters: AuditLogFilters, request: TableExportRequest) {
      assertRange(filters);
      const options = tableExportOptions(request, await readerSettings(tx, auth));
      const locale = options.reader.locale;
      const words = { ...EXPORT_WORDS[locale], eventTypes: eventWords[locale] };
      const schema = auditLogExportSchema(await dataKeysOf(tx, auth.organizationUuid, filters));
      const dataKeys = schema.columns
        .map((c) => c.field)
        .filter((field) => field.startsWith(dataExportField('')))
        .map((field) => field.slice(dataExportField('').length));
      async function* pages() {
        const query = { ...filters, skip: 0, take: 1000 };
        for await (const page of allRows(tx, auditLogList, auth.organizationUuid, query))
          yield page.map((e) =>
            auditLogExportEntry(
              { ...e, createdAt: isoInstant(e.createdAt) },
              dataKeys,
              words,
              options.reader,
            ),
          );
      }
      return exportTable(schema, auditLogExportTexts(dataKeys, EXPORT_WORDS), pages(), options);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
