import { IMPORT_READ_CHUNK_CHARS } from '@equip/domain/csv-import/limits';
import Papa from 'papaparse';

/** Papa Parse reads strings in chunks too (its StringStreamer), though its types allow it only for files. */
type ChunkedParseConfig = Papa.ParseConfig<string[]> & {
  chunkSize: number;
  chunk(results: Papa.ParseResult<string[]>): void;
};

/** What the page sends the worker. */
export interface CsvParseRequest {
  text: string;
  delimiter: string;
}

/**
 * Parses CSV text as the server reads it: with the delimiter its header uses (scanCsvHeader), in
 * chunks of the same size (Papa Parse guesses the line breaks from the first one) and with blank lines
 * kept (the domain rules skip them, but count them to name the lines of the file).
 */
export function parseCsvText({ text, delimiter }: CsvParseRequest): string[][] {
  const table: string[][] = [];
  const config: ChunkedParseConfig = {
    delimiter,
    chunkSize: IMPORT_READ_CHUNK_CHARS,
    chunk: (results) => {
      for (const row of results.data) table.push(row);
    },
  };
  Papa.parse<string[]>(text, config);
  return table;
}

// Parses off the main thread (a same-origin module worker, which the content security policy allows,
// unlike the blob workers of Papa's own worker mode). Imported on the main thread, it only exports.
if (typeof window === 'undefined') {
  self.onmessage = (event: MessageEvent<CsvParseRequest>) => {
    self.postMessage(parseCsvText(event.data));
  };
}
