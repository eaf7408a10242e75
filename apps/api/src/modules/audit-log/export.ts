import {
  AUDIT_VALUE_SETS,
  type AuditLogEntry,
  dataExportField,
  type EventType,
  fieldChanges,
  isAuditDataField,
  isShownDataField,
} from '@equip/domain/audit-log';
import { type ExportReader, exportCellText } from '@equip/domain/csv-import/export';
import type { ShippedLocale } from '@equip/domain/locale';
import type { TableExportTexts } from '../../imports/export.ts';
import type { ExportWords } from '../../imports/words.ts';

/** The export words and each event type's words (every module's, gathered in `src/areas.ts`). */
export type AuditExportWords = ExportWords & { eventTypes: Record<EventType, string> };

type FixedField = 'time' | 'type' | 'actor' | 'actorUuid' | 'subject' | 'subjectUuid' | 'changes';

/** The audit log export's own headers in each language (the table's words; details are named by the vocabulary). */
const FIXED: Record<ShippedLocale, TableExportTexts<FixedField>> = {
  en: {
    sheetName: 'Audit log',
    headers: {
      time: 'Time',
      type: 'Event',
      actor: 'By',
      actorUuid: 'By (ID)',
      subject: 'About',
      subjectUuid: 'About (ID)',
      changes: 'Changes',
    },
  },
  de: {
    sheetName: 'Audit-Protokoll',
    headers: {
      time: 'Zeit',
      type: 'Ereignis',
      actor: 'Von',
      actorUuid: 'Von (ID)',
      subject: 'Betrifft',
      subjectUuid: 'Betrifft (ID)',
      changes: 'Änderungen',
    },
  },
};

/** The headers of an export whose events hold these fields of data, in each language. */
export function auditLogExportTexts(
  dataKeys: readonly string[],
  words: Record<ShippedLocale, ExportWords>,
): Record<ShippedLocale, TableExportTexts<string>> {
  const texts = (locale: ShippedLocale): TableExportTexts<string> => ({
    sheetName: FIXED[locale].sheetName,
    headers: {
      ...FIXED[locale].headers,
      ...Object.fromEntries(
        dataKeys.map((key) => [
          dataExportField(key),
          isAuditDataField(key) ? words[locale].dataFields[key] : key,
        ]),
      ),
    },
  });
  return { en: texts('en'), de: texts('de') };
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A stored value as the reader reads it, as the event drawer shows it: a known value in words, dates in
 * their form, flags as yes/no, lists joined, records as their named fields; '' for nothing.
 */
export function dataValueText(key: string, value: unknown, words: ExportWords, reader: ExportReader): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => dataValueText(key, item, words, reader)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .filter(([field]) => isShownDataField(field))
      .map(([field, inner]) => `${fieldName(field, words)}: ${dataValueText(field, inner, words, reader)}`)
      .join('; ');
  const text = String(value);
  const sets: readonly string[] = AUDIT_VALUE_SETS[key as keyof typeof AUDIT_VALUE_SETS] ?? [];
  for (const set of sets) {
    const word = (words.values as Record<string, Record<string, string>>)[set]?.[text];
    if (word !== undefined) return word;
  }
  if (CALENDAR_DATE.test(text)) return exportCellText({ cell: 'date' }, text, reader);
  if (INSTANT.test(text)) return exportCellText({ cell: 'datetime' }, text, reader);
  return text;
}

const fieldName = (key: string, words: ExportWords) => (isAuditDataField(key) ? words.dataFields[key] : key);

/** One event as a row of the export: the event in words, each detail in its column, an edit's changes. */
export function auditLogExportEntry(
  entry: AuditLogEntry,
  dataKeys: readonly string[],
  words: AuditExportWords,
  reader: ExportReader,
): Record<string, string> {
  const changes = fieldChanges(entry.data) ?? [];
  const shown = (key: string, value: unknown) => dataValueText(key, value, words, reader) || '—';
  return {
    time: entry.createdAt,
    type: words.eventTypes[entry.type],
    actor: entry.actorName ?? '',
    actorUuid: entry.actorUuid ?? '',
    subject: entry.subjectName ?? '',
    subjectUuid: entry.subjectUuid ?? '',
    ...Object.fromEntries(
      dataKeys.map((key) => [dataExportField(key), dataValueText(key, entry.data[key], words, reader)]),
    ),
    changes: changes
      .map((c) => `${fieldName(c.field, words)}: ${shown(c.field, c.before)} → ${shown(c.field, c.after)}`)
      .join('; '),
  };
}
