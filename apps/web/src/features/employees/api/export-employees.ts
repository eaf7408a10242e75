import type { ExportSeparator } from '@equip/domain/csv-import/csv-text';
import { downloadExport, type ExportFormat } from '@/lib/csv-import/download-export';
import type { EmployeeFilterQuery } from './get-employees';

/**
 * Downloads the table's rows (the current view and filters, in its order) as an Excel workbook or CSV
 * through the server's export machinery (`GET /api/employees/export`): the columns asked for (those the
 * table shows, or all), headed and worded in the person's language.
 */
export const exportEmployees = (
  filter: EmployeeFilterQuery,
  format: ExportFormat,
  separator?: ExportSeparator,
  columns: { columns?: string } = {},
): Promise<void> => downloadExport('/employees/export', 'employees', filter, format, separator, columns);
