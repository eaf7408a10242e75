import type { ExportSeparator } from '@equip/domain/csv-import/csv-text';
import { XLSX_MIME } from '@equip/domain/csv-import/export';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';
import { type ExportFormat, exportFileName } from '@/lib/csv-import/export-menu';
import { downloadFile } from '@/lib/download';
import { auditLogApiQuery } from './get-audit-log';

/** Downloads the filtered audit log (GET /api/audit-log/export) as CSV or an Excel workbook. */
export async function exportAuditLog(
  filter: Record<string, QueryValue>,
  format: ExportFormat,
  separator?: ExportSeparator,
): Promise<void> {
  const file = await platformApi.get<Blob>('/audit-log/export', {
    query: { ...auditLogApiQuery(filter), format, ...(format === 'csv' && separator ? { separator } : {}) },
    headers: { Accept: format === 'xlsx' ? XLSX_MIME : 'text/csv' },
    responseType: 'blob',
  });
  downloadFile(file, exportFileName('audit-log', format));
}
