import type { ExportSeparator } from '@equip/domain/csv-import/csv-text';
import { XLSX_MIME } from '@equip/domain/csv-import/export';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';
import { downloadFile } from '@/lib/download';

export type ExportFormat = 'xlsx' | 'csv';

/** Which columns an export holds: those the person shows in the table, or all of them. */
export type ExportScope = 'shown' | 'all';

/**
 * The `columns` query of an export: the shown table columns (ids, comma-separated) or `all`. Without
 * shown columns (a table whose columns cannot be hidden), nothing: the server exports all.
 */
export function exportColumnsQuery(
  scope: ExportScope,
  shown: readonly string[] | undefined,
): { columns?: string } {
  if (scope === 'all') return { columns: 'all' };
  return shown ? { columns: shown.join(',') } : {};
}

/** The file name of an export: `<base>-<today>.<format>`. */
export const exportFileName = (base: string, format: ExportFormat) =>
  `${base}-${new Date().toISOString().slice(0, 10)}.${format}`;

/**
 * Downloads a list's export from the server's export machinery (`GET <path>?<the list's query>&format=
 * &columns=`), as an Excel workbook or CSV, and saves it as `<base>-<today>.<format>`. Fetched with the
 * bearer token and saved from a blob, since a plain link would not be authenticated. The server writes
 * headers, values and dates in the person's language; without a separator it uses the one of that
 * language.
 */
export async function downloadExport(
  path: string,
  base: string,
  query: Record<string, QueryValue>,
  format: ExportFormat,
  separator?: ExportSeparator,
  columns: { columns?: string } = {},
): Promise<void> {
  const file = await platformApi.get<Blob>(path, {
    query: { ...query, ...columns, format, ...(format === 'csv' && separator ? { separator } : {}) },
    headers: { Accept: format === 'xlsx' ? XLSX_MIME : 'text/csv' },
    responseType: 'blob',
  });
  downloadFile(file, exportFileName(base, format));
}
