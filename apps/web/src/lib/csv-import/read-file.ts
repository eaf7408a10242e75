import { scanCsvHeader } from '@equip/domain/csv-import/csv-text';
import {
  decodeText,
  NOT_A_SPREADSHEET_MESSAGE,
  PDF_MESSAGE,
  sniffFile,
  type TextEncoding,
  WORKBOOK_TOO_LARGE_MESSAGE,
  workbookRefusal,
  ZIP_NOT_XLSX_MESSAGE,
} from '@equip/domain/csv-import/decode';
import { spreadsheetTable } from '@equip/domain/csv-import/export';
import { readImportTable, type TableRules } from '@equip/domain/csv-import/validate';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatFileSize } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { type CsvParseRequest, parseCsvText } from './parse.worker';

/** Files above this size are parsed in a web worker, so the page stays responsive. */
const WORKER_THRESHOLD_BYTES = 512 * 1024;

/** A file that cannot be imported; `message` says why, in words for the person importing. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

/** The domain's refusals of a file, in the reader's language. */
const REFUSALS: Record<string, MessageDescriptor> = {
  [NOT_A_SPREADSHEET_MESSAGE]: msg`This file is not a CSV text file. Export it from your spreadsheet as CSV and try again.`,
  [PDF_MESSAGE]: msg`This is a PDF, not a CSV file. Export the list from your spreadsheet as CSV or Excel (.xlsx).`,
  [ZIP_NOT_XLSX_MESSAGE]: msg`This is a zipped file but not an Excel workbook (.xlsx). In your spreadsheet app choose File → Save as → CSV (UTF-8) or Excel workbook and upload that file.`,
  [WORKBOOK_TOO_LARGE_MESSAGE]: msg`This Excel workbook unpacks to more than 256 MB. Save the sheet as CSV (UTF-8), or split it into smaller files.`,
};

const refused = (message: string) => {
  const known = REFUSALS[message];
  return new ImportFileError(known ? i18n._(known) : translateKnownMessage(message));
};

export interface ReadImportFile {
  /** The rows of the file as text cells, blank lines included (the rules count them). */
  table: string[][];
  /** The text encoding the file was read with, or `xlsx` for an Excel workbook. */
  encoding: TextEncoding | 'xlsx';
}

function parseInWorker(request: CsvParseRequest): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string[][]>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The CSV worker failed'));
    };
    worker.postMessage(request);
  });
}

/**
 * Parses CSV text like the server does (see parseCsvText). Big texts go to a web worker so the page
 * stays responsive; where no worker can run, they are parsed here.
 */
export async function parseCsv(
  request: CsvParseRequest,
  useWorker = request.text.length > WORKER_THRESHOLD_BYTES,
): Promise<string[][]> {
  if (useWorker && typeof Worker !== 'undefined') {
    try {
      return await parseInWorker(request);
    } catch {
      // fall through: parse on the main thread
    }
  }
  return parseCsvText(request);
}

/** The first sheet of an Excel workbook as text cells (the library loads with the first workbook). */
async function readWorkbook(file: File, bytes: Uint8Array): Promise<string[][]> {
  const refusal = workbookRefusal(bytes);
  if (refusal) throw refused(refusal);
  const { readSheet } = await import('read-excel-file/browser');
  try {
    return spreadsheetTable((await readSheet(file)) as unknown[][]);
  } catch {
    throw refused(ZIP_NOT_XLSX_MESSAGE);
  }
}

/**
 * Reads an uploaded file (CSV in any encoding spreadsheets write, or an Excel workbook) as a table for
 * the format, with the server's rules (the domain's): bounds, header, merged lines. Throws an
 * `ImportFileError` that explains the problem.
 */
export async function readImportFile(file: File, schema: TableRules<string>): Promise<ReadImportFile> {
  const empty = () =>
    new ImportFileError(t`The file is empty. Choose a file with a header row and one row per entry.`);
  if (file.size === 0) throw empty();
  if (file.size > schema.limits.bytes) {
    const size = formatFileSize(file.size);
    const most = formatFileSize(schema.limits.bytes);
    throw new ImportFileError(
      t`This file is ${size}; files can be at most ${most}. Split it into smaller files.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffFile(bytes);
  if (kind.kind === 'refused') throw refused(kind.message);
  let table: string[][];
  if (kind.kind === 'xlsx') table = await readWorkbook(file, bytes);
  else {
    const text = decodeText(bytes, kind);
    if (text.trim() === '') throw empty();
    // The bounds, the header and rows that merged lines: the server refuses such files with these
    // same messages (the domain rules), so say it now rather than after checking every row.
    const header = scanCsvHeader(text, schema);
    if (header.error) throw new ImportFileError(header.error.message);
    table = await parseCsv({ text, delimiter: header.delimiter });
  }
  const { fileErrors } = readImportTable(schema, table);
  if (fileErrors.length > 0)
    throw new ImportFileError(fileErrors.map((e) => translateKnownMessage(e.message)).join(' '));
  return { table, encoding: kind.kind === 'xlsx' ? 'xlsx' : kind.encoding };
}
