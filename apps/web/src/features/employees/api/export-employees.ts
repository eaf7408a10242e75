import type { ExportSeparator } from '@equip/domain/csv-import/csv-text';
import { XLSX_MIME } from '@equip/domain/csv-import/export';
import { platformApi } from '@/lib/api/clients';
import { type ExportFormat, exportFileName } from '@/lib/csv-import/export-menu';
import { downloadFile } from '@/lib/download';
import type { EmployeeFilterQuery } from './get-employees';

/**
 * Downloads the table's rows (the current filters) in the import format, as an Excel workbook or CSV.
 * Fetched with the bearer token and saved from a blob, since a plain link would not be authenticated.
 */
export async function exportEmployees(
  filter: EmployeeFilterQuery,
  format: ExportFormat,
  separator?: ExportSeparator,
): Promise<void> {
  const file = await platformApi.get<Blob>('/employees/export', {
    // Without a separator the server uses the one of the person's language.
    query: { ...filter, format, ...(format === 'csv' && separator ? { separator } : {}) },
    headers: { Accept: format === 'xlsx' ? XLSX_MIME : 'text/csv' },
    responseType: 'blob',
  });
  downloadFile(file, exportFileName('employees', format));
}

/** The rows as CSV (the separator of the person's language). */
export const exportEmployeesCsv = (filter: EmployeeFilterQuery): Promise<void> =>
  exportEmployees(filter, 'csv');
