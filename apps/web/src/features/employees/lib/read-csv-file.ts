import { readEmployeeCsvTable, scanCsvHeader } from '@equip/domain/employee-import';
import { MAX_IMPORT_BYTES } from '../api/import-employees';
import { type CsvParseRequest, parseCsvText } from './csv-parse.worker';
import { formatFileSize } from './format';

/** Files above this size are parsed in a web worker, so the page stays responsive. */
const WORKER_THRESHOLD_BYTES = 512 * 1024;

/** A file that cannot be read as CSV; `message` says why, in words for the person importing. */
export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
}

export type CsvEncoding = 'utf-8' | 'utf-16' | 'windows-1252';

export interface ReadCsv {
  table: string[][];
  encoding: CsvEncoding;
}

const hasPrefix = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** UTF-8 (with or without BOM) or UTF-16 with a BOM; otherwise Windows-1252, Excel's default. */
export function decodeCsv(buffer: ArrayBuffer): { text: string; encoding: CsvEncoding } {
  const bytes = new Uint8Array(buffer);
  if (hasPrefix(bytes, [0xff, 0xfe]) || hasPrefix(bytes, [0xfe, 0xff])) {
    const label = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return { text: new TextDecoder(label).decode(bytes).replace(/^\uFEFF/, ''), encoding: 'utf-16' };
  }
  if (hasPrefix(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    throw new CsvFileError(
      'This is an Excel or other zipped file, not a CSV. In your spreadsheet app choose File → Save as → CSV (UTF-8) and upload that file.',
    );
  }
  if (hasPrefix(bytes, [0x25, 0x50, 0x44, 0x46])) {
    throw new CsvFileError('This is a PDF, not a CSV file. Upload the employee list as a CSV file.');
  }
  if (bytes.includes(0)) {
    throw new CsvFileError(
      'This file is not a CSV text file. Export it from your spreadsheet as CSV and try again.',
    );
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

function parseInWorker(request: CsvParseRequest): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-parse.worker.ts', import.meta.url), { type: 'module' });
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

/** Reads an uploaded file as a CSV table, or throws a `CsvFileError` that explains the problem. */
export async function readCsvFile(file: File): Promise<ReadCsv> {
  if (file.size === 0)
    throw new CsvFileError('The file is empty. Choose a CSV file with a header row and people.');
  if (file.size > MAX_IMPORT_BYTES) {
    throw new CsvFileError(
      `This file is ${formatFileSize(file.size)}; files can be at most ${formatFileSize(MAX_IMPORT_BYTES)}. Split it into smaller files.`,
    );
  }
  const { text, encoding } = decodeCsv(await file.arrayBuffer());
  if (text.trim() === '') {
    throw new CsvFileError('The file is empty. Choose a CSV file with a header row and people.');
  }
  // The bounds, the header and rows that merged lines: the server refuses such files with these
  // same messages (the domain rules), so say it now rather than after checking every row.
  const header = scanCsvHeader(text);
  if (header.error) throw new CsvFileError(header.error.message);
  const table = await parseCsv({ text, delimiter: header.delimiter });
  const { fileErrors } = readEmployeeCsvTable(table);
  if (fileErrors.length > 0) throw new CsvFileError(fileErrors.map((e) => e.message).join(' '));
  return { table, encoding };
}

/** The email column's values (for checking which are already in use). */
export function emailsOf(table: readonly (readonly string[])[]): string[] {
  const emails: string[] = [];
  readEmployeeCsvTable(table, (entry) => {
    if (entry.email !== '') emails.push(entry.email);
  });
  return emails;
}
