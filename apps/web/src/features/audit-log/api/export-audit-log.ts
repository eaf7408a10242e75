import type { ExportSeparator } from '@equip/domain/csv-import/csv-text';
import type { QueryValue } from '@/lib/api/api-client';
import { downloadExport, type ExportFormat } from '@/lib/csv-import/download-export';
import { auditLogApiQuery } from './get-audit-log';

/**
 * Downloads the filtered audit log (GET /api/audit-log/export) as CSV or an Excel workbook through the
 * shared export: the table's columns with each event's details and changes as readable columns (or all
 * columns, with the IDs), in the person's language.
 */
export const exportAuditLog = (
  filter: Record<string, QueryValue>,
  format: ExportFormat,
  separator?: ExportSeparator,
  columns: { columns?: string } = {},
): Promise<void> =>
  downloadExport('/audit-log/export', 'audit-log', auditLogApiQuery(filter), format, separator, columns);
