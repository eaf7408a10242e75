import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { guardCell, scanCsvHeader, separatorForLocale, toCsv, unguardCell } from './csv-text.ts';
import {
  decodeText,
  NOT_A_SPREADSHEET_MESSAGE,
  PDF_MESSAGE,
  sniffFile,
  WORKBOOK_TOO_LARGE_MESSAGE,
  workbookRefusal,
  ZIP_NOT_XLSX_MESSAGE,
  zipUnpackedBytes,
} from './decode.ts';
import { entriesToCsv, errorRowsToCsv, spreadsheetCellText } from './export.ts';
import { DEFAULT_IMPORT_LIMITS } from './limits.ts';
import type { ImportSchema } from './schema.ts';
import {
  createImportReader,
  deleteImportRow,
  isImportReady,
  validateImportEntries,
  validateImportTable,
} from './validate.ts';

/** A second format (peripheral assets), to show the machinery is not about employees. */
type AssetField = 'name' | 'serial' | 'purchased';
const ASSETS: ImportSchema<AssetField, { name: string; serial: string | null }> = {
  noun: { one: 'asset', other: 'assets' },
  columns: [
    { field: 'name', header: 'Name', required: true, aliases: ['Asset'] },
    { field: 'serial', header: 'Serial Number', required: false, aliases: ['Serial', 'S/N'] },
    { field: 'purchased', header: 'Purchased', required: false, cell: 'date' },
  ],
  limits: { ...DEFAULT_IMPORT_LIMITS, rows: 3 },
  headerErrors: { missing: 'FileHeadersMissing', invalid: 'FileHeadersInvalid' },
  headersField: 'headers',
  emptyIsValid: false,
  validateEntry: (entry) =>
    entry.name.trim() === ''
      ? { value: null, errors: [{ type: 'ZodValidationError', field: 'name', message: 'Required' }] }
      : { value: { name: entry.name.trim(), serial: entry.serial || null }, errors: [] },
  unique: [
    {
      field: 'serial',
      key: (value) => value.trim().toUpperCase(),
      duplicate: { type: 'SerialIsDuplicated', field: 'serial', message: 'Twice in the file' },
      taken: { type: 'SerialInUse', field: 'serial', message: 'Already in stock' },
    },
  ],
};

const bytes = (...parts: (number[] | Uint8Array)[]) => new Uint8Array(parts.flatMap((p) => [...p]));
const utf16le = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
const utf16be = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le').swap16());

describe('decoding an upload (the same rules in the browser and on the server)', () => {
  const text = 'Name;Serial Number\nMaus für Jürgen;A1\n';

  it('reads UTF-8 with and without BOM, UTF-16 LE and BE with and without BOM, and Windows-1252', () => {
    const cases: [Uint8Array, string][] = [
      [new TextEncoder().encode(text), 'utf-8'],
      [bytes([0xef, 0xbb, 0xbf], new TextEncoder().encode(text)), 'utf-8'],
      [bytes([0xff, 0xfe], utf16le(text)), 'utf-16le'],
      [bytes([0xfe, 0xff], utf16be(text)), 'utf-16be'],
      [utf16le(text), 'utf-16le'],
      [utf16be(text), 'utf-16be'],
      [new Uint8Array(Buffer.from(text, 'latin1')), 'windows-1252'],
    ];
    for (const [file, encoding] of cases) {
      const kind = sniffFile(file);
      expect(kind).toMatchObject({ kind: 'text', encoding });
      if (kind.kind === 'text') expect(decodeText(file, kind)).toBe(text);
    }
  });

  it('takes a zip for an Excel workbook and refuses PDFs and other binary files with what to do', () => {
    expect(sniffFile(bytes([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toEqual({ kind: 'xlsx' });
    expect(sniffFile(new TextEncoder().encode('%PDF-1.7\n'))).toEqual({
      kind: 'refused',
      message: PDF_MESSAGE,
    });
    expect(sniffFile(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49]))).toEqual({
      kind: 'refused',
      message: NOT_A_SPREADSHEET_MESSAGE,
    });
  });
});

/** The zip with its central directory's uncompressed sizes replaced, entry by entry. */
function declaringUnpackedSizes(zip: Uint8Array, sizes: number[]): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  let entry = 0;
  for (let at = 0; at + 46 <= copy.length && entry < sizes.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    view.setUint32(at + 24, sizes[entry++]!, true);
  }
  expect(entry).toBe(sizes.length);
  return copy;
}

describe('workbooks are measured before they are unzipped', () => {
  it('reads what a zip unpacks to from its directory, and refuses a bomb or a broken zip', () => {
    const small = zipSync({ 'a.xml': new Uint8Array(1000), 'b.xml': new Uint8Array(234) });
    expect(zipUnpackedBytes(small)).toBe(1234);
    expect(workbookRefusal(small)).toBeNull();
    // A bomb's directory says what it unpacks to (300 MB of zeros compress to about 300 KB). Only the
    // directory is read, so the test writes those sizes into a small zip's directory instead of
    // compressing 300 MB, which took seconds of CPU (and timed out on a busy machine).
    const bomb = declaringUnpackedSizes(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(64), 'xl/styles.xml': new Uint8Array(64) }),
      [200 * 1024 * 1024, 100 * 1024 * 1024],
    );
    expect(zipUnpackedBytes(bomb)).toBe(300 * 1024 * 1024);
    expect(workbookRefusal(bomb)).toBe(WORKBOOK_TOO_LARGE_MESSAGE);
    expect(workbookRefusal(bytes([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe(ZIP_NOT_XLSX_MESSAGE);
  });
});

describe('separators', () => {
  it('reads the separator the header uses: comma, semicolon (German Excel), tab', () => {
    expect(scanCsvHeader('Name,Serial\n', ASSETS).delimiter).toBe(',');
    expect(scanCsvHeader('\n\nName;"Serial, long";Purchased\n', ASSETS).delimiter).toBe(';');
    expect(scanCsvHeader('Name\tSerial\n', ASSETS).delimiter).toBe('\t');
  });

  it('chooses the export separator from the locale: German and other comma-decimal languages use ;', () => {
    expect(separatorForLocale('de')).toBe('semicolon');
    expect(separatorForLocale('de-AT')).toBe('semicolon');
    expect(separatorForLocale('en')).toBe('comma');
    expect(separatorForLocale(null)).toBe('comma');
  });
});

describe('CSV export', () => {
  it('guards every formula start (= + - @ tab CR) with a quote, and quotes cells holding the separator', () => {
    expect(toCsv([['=1+1', '+49 30', '-x', '@a', '\tt', '\rr', 'plain']], ';')).toBe(
      "'=1+1;'+49 30;'-x;'@a;'\tt;\"'\rr\";plain\r\n",
    );
    expect(toCsv([['a;b', 'a,b']], ';')).toBe('"a;b";a,b\r\n');
    expect(toCsv([['a;b', 'a,b']], ',')).toBe('a;b,"a,b"\r\n');
  });

  it('property: a guarded cell unguards to the original', () => {
    fc.assert(fc.property(fc.string(), (value) => unguardCell(guardCell(value)) === value));
  });

  it('exports the rows with errors with a column naming them, which the import ignores', () => {
    const result = validateImportEntries(ASSETS, [
      { name: 'Mouse', serial: 'A1', purchased: '' },
      { name: '', serial: 'A1', purchased: '' },
      { name: 'Pen', serial: 'P', purchased: '' },
    ]);
    const csv = errorRowsToCsv(ASSETS, result);
    expect(csv).toBe(
      'Name,Serial Number,Purchased,Errors\r\nMouse,A1,,Serial Number: Twice in the file\r\n,A1,,Name: Required; Serial Number: Twice in the file\r\n',
    );
    const table = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(validateImportTable(ASSETS, table).rows.map((r) => r.entry)).toEqual(
      result.rows.slice(0, 2).map((r) => r.entry),
    );
  });

  it('writes the header of the format first', () => {
    expect(entriesToCsv(ASSETS, [{ name: 'Mouse', serial: 'S1', purchased: '2026-01-02' }], ';')).toBe(
      'Name;Serial Number;Purchased\r\nMouse;S1;2026-01-02\r\n',
    );
  });
});

describe('spreadsheet cells', () => {
  it('reads typed cells back as the text the rules read', () => {
    expect(spreadsheetCellText(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
    expect(spreadsheetCellText(4930123456)).toBe('4930123456');
    expect(spreadsheetCellText(1.5)).toBe('1.5');
    expect(spreadsheetCellText(true)).toBe('TRUE');
    expect(spreadsheetCellText(null)).toBe('');
  });
});

describe('a column schema drives validation', () => {
  const table = [
    ['Asset', 'S/N'],
    ['Mouse', 'a1'],
    ['Keyboard', 'A1 '],
    ['', 'B2'],
  ];

  it('matches aliases, checks cells, and flags values duplicated in the file or already taken', () => {
    const result = validateImportTable(ASSETS, table, { serial: new Set(['B2']) });
    expect(result.rows.map((r) => r.errors.map((e) => `${e.field}:${e.type}`))).toEqual([
      ['serial:SerialIsDuplicated'],
      ['serial:SerialIsDuplicated'],
      ['name:ZodValidationError', 'serial:SerialInUse'],
    ]);
    expect(result.isValid).toBe(false);
  });

  it('the streaming reader finds the same errors at the same rows', () => {
    const reader = createImportReader(ASSETS, { serial: new Set(['B2']) });
    for (const row of table) reader.add(row);
    const read = reader.finish();
    expect(read.errors.map((e) => [e.row, e.field, e.type])).toEqual([
      [0, 'serial', 'SerialIsDuplicated'],
      [1, 'serial', 'SerialIsDuplicated'],
      [2, 'name', 'ZodValidationError'],
      [2, 'serial', 'SerialInUse'],
    ]);
    expect(read.values).toEqual([]);
  });

  it('deleting one of two duplicates clears the other; the limits are the schema’s', () => {
    const result = validateImportEntries(ASSETS, [
      { name: 'Mouse', serial: 'a1', purchased: '' },
      { name: 'Keyboard', serial: 'A1', purchased: '' },
    ]);
    const after = deleteImportRow(ASSETS, result, 0);
    expect(after.rows).toEqual([{ entry: { name: 'Keyboard', serial: 'A1', purchased: '' }, errors: [] }]);
    expect(isImportReady(after.rows)).toBe(true);
    const tooMany = validateImportTable(ASSETS, [['Name'], ['a'], ['b'], ['c'], ['d']]);
    expect(tooMany.errors[0]?.message).toBe('The file has more than 3 rows. Split it into smaller files.');
  });

  it('names the required headers of the format when the file is empty or lacks them', () => {
    expect(validateImportTable(ASSETS, []).errors[0]?.message).toBe(
      'The file is empty: it needs a header row with Name',
    );
    expect(validateImportTable(ASSETS, [['Serial']]).errors[0]?.message).toBe('Missing columns: Name');
  });
});
