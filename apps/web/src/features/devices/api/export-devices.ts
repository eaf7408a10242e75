import type { ExportSeparator } from '@equip/domain/csv-import/csv-text';
import type { ExportFormat } from '@/lib/csv-import/download-export';
import { downloadExport } from '@/lib/csv-import/download-export';
import type { DeviceFilterQuery } from './get-devices';

/**
 * Downloads every device the table's filters match, in its order (`GET /api/devices/export`), as an
 * Excel workbook or CSV: the server writes the file (the columns asked for, in the person's language),
 * as for employees and the audit log.
 */
export const exportDevices = (
  filter: DeviceFilterQuery,
  format: ExportFormat,
  separator?: ExportSeparator,
  columns: { columns?: string } = {},
) => downloadExport('/devices/export', 'devices', filter, format, separator, columns);
