import { isUtf8 } from 'node:buffer';
import type { FileRules } from '@equip/domain/csv-import/csv-text';
import { FILE_ERROR, rowTooLargeError, scanCsvHeader } from '@equip/domain/csv-import/csv-text';
import {
  type FileKind,
  sniffFile,
  workbookRefusal,
  ZIP_NOT_XLSX_MESSAGE,
} from '@equip/domain/csv-import/decode';
import { spreadsheetCellText } from '@equip/domain/csv-import/export';
import { IMPORT_READ_CHUNK_CHARS, maxRowChars } from '@equip/domain/csv-import/limits';
import type { ImportSchema, TakenValues } from '@equip/domain/csv-import/schema';
import {
  createImportReader,
  type ImportReader,
  type ImportReadResult,
} from '@equip/domain/csv-import/validate';
import Papa from 'papaparse';
import { giveWay } from '../db/bulk-insert.ts';

/** Papa Parse reads strings in chunks too (its StringStreamer), though its types allow it only for files. */
type ChunkedParseConfig = Papa.ParseConfig<string[]> & {
  chunkSize: number;
  chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser): void;
};

/** A file-level failure in the reader's shape. */
export function fileFailureResult<T>(type: string, message: string): ImportReadResult<T> {
  return { headers: [], fileErrors: [{ type, message }], rowCount: 0, errors: [], values: [] };
}

/** Bytes decoded between two turns of the event loop (decoding 20 MB at once takes 20 to 70 ms). */
const DECODE_SLICE_BYTES = 1024 * 1024;

/** Decodes a sniffed text file a slice at a time, giving way between slices. */
export async function decodeTextFile(
  file: Buffer,
  kind: Extract<FileKind, { kind: 'text' }>,
): Promise<string> {
  const decoder = new TextDecoder(kind.encoding);
  const parts: string[] = [];
  // Slices of an even length, so that no UTF-16 code unit is split (the decoder streams UTF-8 across).
  for (let start = kind.bom; start < file.length; start += DECODE_SLICE_BYTES) {
    parts.push(decoder.decode(file.subarray(start, start + DECODE_SLICE_BYTES), { stream: true }));
    await giveWay();
  }
  parts.push(decoder.decode());
  return parts.join('').replace(/^\uFEFF/, '');
}

/**
 * Reads decoded CSV text with the browser preview's rules, row by row (a large file is never held as
 * a table of cells). Reading is CPU work: it goes a chunk at a time (32 K characters, about 400 rows,
 * a few milliseconds) and gives way after each (see giveWay), so that requests, and other imports,
 * run in between: three imports of 200,000 rows at once do not stall the server.
 */
export async function readCsvText<T>(
  schema: FileRules,
  reader: ImportReader<T>,
  text: string,
): Promise<void> {
  const header = scanCsvHeader(text, schema);
  if (header.error) {
    reader.refuse(header.error);
    return;
  }
  const longest = maxRowChars(schema.limits);
  await new Promise<void>((resolve, reject) => {
    let fed = 0;
    const config: ChunkedParseConfig = {
      delimiter: header.delimiter,
      chunkSize: IMPORT_READ_CHUNK_CHARS,
      chunk: (results, parser) => {
        try {
          fed = Math.min(text.length, fed + IMPORT_READ_CHUNK_CHARS);
          let reading = results.data.every((cells) => reader.add(cells));
          // The parser keeps a row that has not ended from one slice to the next. One that grows past
          // what any row within the bounds can take breaks them whatever it holds: stop before the
          // parser builds it (a row of ten million cells would hold the event loop for seconds).
          if (reading && fed - results.meta.cursor > longest) {
            reader.refuse(rowTooLargeError(reader.nextLine, schema.limits));
            reading = false;
          }
          if (!reading) {
            parser.abort();
            resolve();
            return;
          }
          parser.pause();
          giveWay()
            .then(() => parser.resume())
            .catch(reject);
        } catch (error) {
          parser.abort();
          reject(error);
        }
      },
      complete: () => resolve(),
    };
    Papa.parse<string[]>(text, config);
  });
}

/** Spreadsheet rows handed to the rules between two turns of the event loop. */
const SHEET_SLICE_ROWS = 500;

/** Reads the first sheet of an Excel workbook with the same rules, its typed cells as text. */
async function readWorkbook<T>(reader: ImportReader<T>, file: Buffer): Promise<void> {
  // A zip states what it unpacks to: a bomb is refused before anything is unzipped.
  const refusal = workbookRefusal(file);
  if (refusal) {
    reader.refuse({ type: 'UnknownError', message: refusal });
    return;
  }
  let rows: unknown[][];
  try {
    // Loaded with the first spreadsheet: the reader costs about 65 ms of every start-up otherwise.
    const { readSheet } = await import('read-excel-file/node');
    rows = (await readSheet(file)) as unknown[][];
  } catch {
    reader.refuse({ type: 'UnknownError', message: ZIP_NOT_XLSX_MESSAGE });
    return;
  }
  for (let start = 0; start < rows.length; start += SHEET_SLICE_ROWS) {
    for (const row of rows.slice(start, start + SHEET_SLICE_ROWS))
      if (!reader.add(row.map(spreadsheetCellText))) return;
    await giveWay();
  }
}

/**
 * Reads an uploaded file (CSV in any of the encodings spreadsheets write, or an Excel workbook) and
 * validates it with the format's rules against the values already taken: the same answer, row for
 * row, as the browser preview.
 */
export async function readImportFile<F extends string, T, H extends string>(
  schema: ImportSchema<F, T, H>,
  file: Buffer,
  /**
   * The values already taken among the file's own (keyed, per unique column), asked for once the
   * file has been read.
   */
  taken: (fileValues: (field: F) => string[]) => Promise<TakenValues<F>>,
): Promise<ImportReadResult<T>> {
  const kind = sniffFile(file, (bytes) => isUtf8(bytes));
  if (kind.kind === 'refused') return fileFailureResult(FILE_ERROR, kind.message);
  const reader = createImportReader(schema);
  if (kind.kind === 'xlsx') await readWorkbook(reader, file);
  else await readCsvText(schema, reader, await decodeTextFile(file, kind));
  return reader.finish(await taken((field) => reader.uniqueKeys(field)));
}
