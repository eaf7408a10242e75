import {
  CSV_BOM,
  EXPORT_SEPARATORS,
  type ExportSeparator,
  separatorForLocale,
} from '@equip/domain/csv-import/csv-text';
import {
  CSV_MIME,
  entriesToCsv,
  entriesToCsvRows,
  entryToSpreadsheetRow,
  XLSX_MIME,
} from '@equip/domain/csv-import/export';
import type { ImportEntry, ImportSchema } from '@equip/domain/csv-import/schema';
import type { FastifyReply } from 'fastify';
import type { Cell, SheetData } from 'write-excel-file/node';
import { z } from 'zod';
import { giveWay } from '../db/bulk-insert.ts';

/**
 * How an export is written: `xlsx` (typed cells: dates as dates, phone numbers and ids as text, so no
 * formula guard and no stray ') for people, `csv` for machines (UTF-8 with BOM, formula-guarded, comma
 * or semicolon; by default the one the caller's language uses: German → semicolon).
 */
export const ExportFormatQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  separator: z.enum(['comma', 'semicolon']).optional(),
});
export type ExportFormatQuery = z.infer<typeof ExportFormatQuery>;

export interface ExportedFile {
  body: Buffer | string;
  contentType: string;
  extension: 'csv' | 'xlsx';
}

/** The first language of an Accept-Language header ('de-DE,de;q=0.9,en' → 'de-DE'). */
export const firstLanguage = (header: string | undefined): string | undefined =>
  header?.split(',')[0]?.split(';')[0]?.trim() || undefined;

/** The separator of a CSV export: the one asked for, else the one of the caller's language. */
export const exportSeparator = (
  asked: ExportSeparator | undefined,
  locale: string | null | undefined,
): string => EXPORT_SEPARATORS[asked ?? separatorForLocale(locale)];

const DATE_FORMAT = 'yyyy-mm-dd';

function sheetCell(cell: ReturnType<typeof entryToSpreadsheetRow>[number]): Cell {
  if (cell === null) return null;
  if (cell.type === 'date') return { value: cell.value, type: Date, format: DATE_FORMAT };
  return { value: cell.value, type: String };
}

/**
 * Writes the pages of entries as the chosen file: CSV (header row, pages appended, UTF-8 BOM) or an
 * Excel workbook of one sheet with a bold, frozen header row. Gives way between pages.
 */
export async function exportFile<F extends string>(
  schema: Pick<ImportSchema<F>, 'columns'>,
  pages: AsyncIterable<readonly ImportEntry<F>[]>,
  options: { format: 'csv' | 'xlsx'; separator: string; sheetName: string },
): Promise<ExportedFile> {
  if (options.format === 'csv') {
    const parts: string[] = [CSV_BOM, entriesToCsv(schema, [], options.separator)];
    for await (const page of pages) {
      parts.push(entriesToCsvRows(schema, page, options.separator));
      await giveWay();
    }
    return { body: parts.join(''), contentType: `${CSV_MIME}; charset=utf-8`, extension: 'csv' };
  }
  const data: SheetData = [
    schema.columns.map((c) => ({ value: c.header, type: String, fontWeight: 'bold' as const })),
  ];
  for await (const page of pages) {
    for (const entry of page) data.push(entryToSpreadsheetRow(schema.columns, entry).map(sheetCell));
    await giveWay();
  }
  // Loaded with the first spreadsheet export: the writer costs about 50 ms of every start-up otherwise.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const body = await writeXlsxFile(data, {
    sheet: options.sheetName,
    dateFormat: DATE_FORMAT,
    stickyRowsCount: 1,
    columns: schema.columns.map((c) => ({ width: Math.max(12, c.header.length + 4) })),
  }).toBuffer();
  return { body, contentType: XLSX_MIME, extension: 'xlsx' };
}

/** Sends an exported file as a download named `<base>-<today>.<extension>`. */
export function sendExport(reply: FastifyReply, base: string, file: ExportedFile) {
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${base}-${new Date().toISOString().slice(0, 10)}.${file.extension}"`,
    )
    .send(file.body);
}
