import {
  CSV_BOM,
  EXPORT_SEPARATORS,
  type ExportSeparator,
  separatorForLocale,
  toCsv,
} from '@equip/domain/csv-import/csv-text';
import {
  CSV_MIME,
  chosenExportColumns,
  type ExportCell,
  type ExportColumn,
  type ExportReader,
  type ExportSchema,
  exportCell,
  exportRowsToCsv,
  XLSX_MIME,
} from '@equip/domain/csv-import/export';
import { catalogLocale, type ShippedLocale } from '@equip/domain/locale';
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

/**
 * The query of a table's export: how the file is written, and which of the table's columns it holds
 * (`columns=name,status` as the person shows them, or `all`, the default).
 */
export function tableExportQuery<C extends string>(schema: ExportSchema<string, C>) {
  return ExportFormatQuery.extend({
    columns: z
      .string()
      .max(2000)
      .optional()
      .refine((asked) => chosenExportColumns(schema, asked).unknown.length === 0, {
        message: `Unknown column (known: ${schema.tableColumns.join(', ')}, or all)`,
      })
      .describe(`The table's columns to export, comma-separated (${schema.tableColumns.join(', ')}), or all`),
  });
}
export type TableExportQuery = ExportFormatQuery & { columns?: string | undefined };

/** A table export as asked: the query's format, separator and columns, and the caller's Accept-Language. */
export type TableExportRequest = TableExportQuery & { acceptLanguage?: string | undefined };

/** How a table export is written for this caller (see exportTable). */
export interface TableExportOptions {
  format: 'csv' | 'xlsx';
  separator: string;
  columns: string | undefined;
  reader: ExportReader;
}

/**
 * The options of a table export for its reader: their words and dates, and the separator asked for or
 * else the one of their language.
 */
export function tableExportOptions(
  request: TableExportRequest,
  settings: { locale: string | null; timeZone: string },
): TableExportOptions {
  const { language, locale, timeZone } = exportReader(settings, request.acceptLanguage);
  return {
    format: request.format,
    separator: exportSeparator(request.separator, language),
    columns: request.columns,
    reader: { locale, timeZone },
  };
}

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

/**
 * The words of a table's export in each shipped language: each field's header and the sheet's name
 * (the area's values are put into words by the area, with the reader's locale).
 */
export interface TableExportTexts<F extends string> {
  headers: Record<F, string>;
  sheetName: string;
}

/** Who reads an export: the person's stored language, else their browser's; the organisation's time zone. */
export function exportReader(
  settings: { locale: string | null; timeZone: string },
  acceptLanguage: string | undefined,
): ExportReader & { language: string | undefined } {
  const language = settings.locale ?? firstLanguage(acceptLanguage);
  return { locale: catalogLocale(language), timeZone: settings.timeZone, language };
}

function typedSheetCell(cell: ExportCell): Cell {
  if (cell === null) return null;
  if (cell.type === 'date') return { value: cell.value, type: Date, format: cell.format };
  if (cell.type === 'number') return { value: cell.value, type: Number };
  return { value: cell.value, type: String };
}

/**
 * Writes a table's export (issue 25, item 16): the columns asked for (those the person shows, or all),
 * headed in the reader's language; in .xlsx dates and times are date cells and counts numbers, in CSV
 * they are written as the reader's language writes them (formula-guarded, UTF-8 with BOM). Gives way
 * between pages.
 */
export async function exportTable<F extends string, C extends string>(
  schema: ExportSchema<F, C>,
  texts: Record<ShippedLocale, TableExportTexts<F>>,
  pages: AsyncIterable<readonly Record<F, string>[]>,
  options: TableExportOptions,
): Promise<ExportedFile> {
  const { reader } = options;
  const { columns } = chosenExportColumns(schema, options.columns);
  const words = texts[reader.locale];
  const headers = columns.map((c: ExportColumn<F, C>) => words.headers[c.field]);
  if (options.format === 'csv') {
    const parts: string[] = [CSV_BOM, toCsv([headers], options.separator)];
    for await (const page of pages) {
      parts.push(exportRowsToCsv(columns, page, reader, options.separator));
      await giveWay();
    }
    return { body: parts.join(''), contentType: `${CSV_MIME}; charset=utf-8`, extension: 'csv' };
  }
  const data: SheetData = [headers.map((value) => ({ value, type: String, fontWeight: 'bold' as const }))];
  for await (const page of pages) {
    for (const entry of page)
      data.push(columns.map((c) => typedSheetCell(exportCell(c, entry[c.field], reader))));
    await giveWay();
  }
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const body = await writeXlsxFile(data, {
    sheet: words.sheetName,
    stickyRowsCount: 1,
    columns: columns.map((c, index) => ({
      width: Math.max(c.cell === 'datetime' ? 18 : 12, (headers[index]?.length ?? 0) + 4),
    })),
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
