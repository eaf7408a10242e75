import { uniqueValuesOf } from '@equip/domain/csv-import/validate';
import { EMPLOYEE_IMPORT, validateEmployeeCsv } from '@equip/domain/employee-import';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { parseCsvText } from './parse.worker';
import { ImportFileError, readImportFile } from './read-file';

const csvFile = (text: string | Uint8Array<ArrayBuffer>) =>
  new File([text], 'people.csv', { type: 'text/csv' });

/** The message readImportFile refuses a file with, or null when it reads it. */
async function refusal(file: string | Uint8Array<ArrayBuffer>): Promise<string | null> {
  try {
    await readImportFile(csvFile(file), EMPLOYEE_IMPORT);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
}

const BOUNDS = 'Rows can have at most 100 columns of at most 1,000 characters each.';

describe('reading an import file in the browser (the server refuses the same files, alike)', () => {
  it('names the lines a malformed quote merged instead of previewing fewer rows than the file has', async () => {
    const text = [
      'First Name,Last Name,Email',
      'Ada,"Love"lace,ada@acme.example',
      'Bob,Smith,bob@acme.example',
      'Cy,"Z",cy@acme.example',
      'Dan,D,dan@acme.example',
    ].join('\r\n');
    expect(await refusal(text)).toBe(
      'Lines 2–4 were read as one row: a cell there starts with a quote (") that does not end on its line, so the line breaks became part of the cell. Remove the stray quote, or put the whole cell in quotes and double every quote inside it ("").',
    );
  });

  it('refuses a header of 1,000,000 columns before parsing it, and cells over 1,000 characters', async () => {
    const header = `First Name,Last Name,Email${',Extra'.repeat(999_997)}`;
    expect(await refusal(`${header}\nAda,Lovelace,ada@acme.example\n`)).toBe(
      `Line 1 has more than 100 columns. ${BOUNDS}`,
    );
    expect(
      await refusal(`First Name,Last Name,Email,Notes\nAda,L,ada@acme.example,${'n'.repeat(1001)}\n`),
    ).toBe(`Line 2 has a cell longer than 1,000 characters (column 4). ${BOUNDS}`);
  });

  it('keeps blank lines so that lines are counted, and still finds the header and emails after them', async () => {
    const text = '\n\nFirst Name;Last Name;Email\n\nAda;Lovelace;ada@acme.example\n';
    const { table } = await readImportFile(csvFile(text), EMPLOYEE_IMPORT);
    expect(table).toEqual(parseCsvText({ text, delimiter: ';' }));
    expect(table).toEqual([
      [''],
      [''],
      ['First Name', 'Last Name', 'Email'],
      [''],
      ['Ada', 'Lovelace', 'ada@acme.example'],
      [''],
    ]);
    expect(uniqueValuesOf(EMPLOYEE_IMPORT, table, 'email')).toEqual(['ada@acme.example']);
    expect(validateEmployeeCsv(table, new Set()).rows).toHaveLength(1);
  });

  it('reads UTF-16 with a BOM and refuses PDFs with what to do instead', async () => {
    const text = 'First Name\tLast Name\tEmail\r\nJürgen\tMüller\tj@acme.example\r\n';
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    const { table, encoding } = await readImportFile(csvFile(utf16), EMPLOYEE_IMPORT);
    expect(encoding).toBe('utf-16le');
    expect(table[1]).toEqual(['Jürgen', 'Müller', 'j@acme.example']);
    expect(await refusal(new TextEncoder().encode('%PDF-1.7\n'))).toMatch(/This is a PDF/);
  });

  it('reads an Excel workbook: text cells as they are, date cells as ISO dates', async () => {
    const blob = await writeXlsxFile([
      ['First Name', 'Last Name', 'Email', 'Phone', 'Start Date'],
      [
        '=cmd()',
        'Lovelace',
        'ada@acme.example',
        { value: '0049 30 1', type: String },
        { value: new Date('2026-03-01T00:00:00Z'), type: Date, format: 'dd.mm.yyyy' },
      ],
    ]).toBlob();
    const file = new File([blob], 'people.xlsx');
    const { table, encoding } = await readImportFile(file, EMPLOYEE_IMPORT);
    expect(encoding).toBe('xlsx');
    expect(table[1]).toEqual(['=cmd()', 'Lovelace', 'ada@acme.example', '0049 30 1', '2026-03-01']);
    const result = validateEmployeeCsv(table, new Set());
    expect(result.rows[0]?.errors).toEqual([]);
    expect(result.rows[0]?.entry.startDate).toBe('2026-03-01');
  });

  it('refuses a zip that is not a workbook, saying what to do', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect(await refusal(zip)).toMatch(/not an Excel workbook/);
  });
});
