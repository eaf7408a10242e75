import { validateEmployeeCsv } from '@equip/domain/employee-import';
import { describe, expect, it } from 'vitest';
import { parseCsvText } from './csv-parse.worker';
import { CsvFileError, emailsOf, readCsvFile } from './read-csv-file';

const csvFile = (text: string) => new File([text], 'people.csv', { type: 'text/csv' });

/** The message readCsvFile refuses a file with, or null when it reads it. */
async function refusal(text: string): Promise<string | null> {
  try {
    await readCsvFile(csvFile(text));
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFileError);
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
    const { table } = await readCsvFile(csvFile(text));
    expect(table).toEqual(parseCsvText({ text, delimiter: ';' }));
    expect(table).toEqual([
      [''],
      [''],
      ['First Name', 'Last Name', 'Email'],
      [''],
      ['Ada', 'Lovelace', 'ada@acme.example'],
      [''],
    ]);
    expect(emailsOf(table)).toEqual(['ada@acme.example']);
    expect(validateEmployeeCsv(table, new Set()).rows).toHaveLength(1);
  });
});
