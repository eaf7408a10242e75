import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import './zod-messages.ts';
import {
  createEmployeeCsvReader,
  deleteImportRow,
  EMPLOYEE_CSV_LIMITS,
  EMPLOYEE_CSV_MAX_ROW_CHARS,
  type EmployeeCsvEntry,
  employeesToCsv,
  guardCell,
  isImportReady,
  mapHeaders,
  normalizeCsvDate,
  readEmployeeCsvTable,
  scanCsvHeader,
  unguardCell,
  updateImportRow,
  validateEmployeeCsv,
  validateEntries,
  validateEntry,
} from './employee-import.ts';

const NONE = new Set<string>();

const entry = (over: Partial<EmployeeCsvEntry> = {}): EmployeeCsvEntry => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  startDate: '',
  lastDate: '',
  department: '',
  position: '',
  ...over,
});

/** Valid rows whose emails come from a small pool, so duplicates are common. */
const validEntry = fc
  .record({
    first: fc.constantFrom('Ada', 'Grace', 'Linus', 'Mary', 'Ken'),
    last: fc.constantFrom('Lovelace', 'Hopper', 'Torvalds', 'Shelley'),
    local: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
    upper: fc.boolean(),
  })
  .map(({ first, last, local, upper }) =>
    entry({
      firstName: first,
      lastName: last,
      email: upper ? `${local.toUpperCase()}@X.COM` : `${local}@x.com`,
    }),
  );

/** Rows that may also be broken in one field. */
const anyEntry = fc.oneof(
  validEntry,
  validEntry.map((e) => ({ ...e, email: 'not-an-email' })),
  validEntry.map((e) => ({ ...e, firstName: '' })),
  validEntry.map((e) => ({ ...e, startDate: '31.02.2026' })),
);

const dupCount = (rows: { errors: { type: string }[] }[]) =>
  rows.filter((r) => r.errors.some((e) => e.type === 'EmailIsDuplicated')).length;

describe('employee CSV validation', () => {
  it('accepts a clean file', () => {
    const result = validateEmployeeCsv(
      [
        ['first name', 'LAST_NAME', ' Email ', 'Phone', 'Start Date', 'End Date', 'Department', 'Position'],
        ['Ada', 'Lovelace', 'ada@example.com', '+49 30 1234567', '2026-01-05', '', 'Engineering', 'Engineer'],
        ['', '', '', '', '', '', '', ''],
      ],
      NONE,
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(1);
    expect(result.isValid).toBe(true);
  });

  it('names missing required headers (FileHeadersNotValid)', () => {
    const result = validateEmployeeCsv([['First Name', 'Phone']], NONE);
    expect(result.isValid).toBe(false);
    expect(result.errors[0]).toEqual({
      type: 'FileHeadersNotValid',
      message: 'Missing columns: Last Name, Email',
    });
    expect(validateEmployeeCsv([], NONE).errors[0]?.type).toBe('FileHeadersNotValid');
  });

  it('puts field errors at the cell', () => {
    const [row] = validateEntries(
      [entry({ email: 'nope', startDate: '2026-13-01', firstName: '' })],
      NONE,
    ).rows;
    const byField = Object.fromEntries(row!.errors.map((e) => [e.field, e]));
    expect(byField.email?.type).toBe('ZodValidationError');
    expect(byField.startDate?.message).toContain('Invalid date');
    expect(byField.firstName?.message).toBe('Required');
  });

  it('flags emails used in the organisation (EmailInUse), case-insensitively', () => {
    const [row] = validateEntries(
      [entry({ email: 'Taken@Example.com' })],
      new Set(['taken@example.com']),
    ).rows;
    expect(row!.errors.map((e) => e.type)).toEqual(['EmailInUse']);
  });

  it('refuses an end date before the start date', () => {
    const [row] = validateEntries([entry({ startDate: '2026-05-01', lastDate: '2026-04-01' })], NONE).rows;
    expect(row!.errors[0]?.field).toBe('lastDate');
  });

  it('reads European dates and rejects impossible ones', () => {
    expect(normalizeCsvDate('05.01.2026')).toBe('2026-01-05');
    expect(normalizeCsvDate('2026/1/5')).toBe('2026-01-05');
    expect(normalizeCsvDate('2026-02-30')).toBeNull();
  });

  it('matches headers tolerant of case and spacing', () => {
    expect(mapHeaders(['EMAIL', 'first-name', 'Last Name ']).missingRequired).toEqual([]);
  });

  it('property: a row is marked duplicated exactly when another row shares its email', () => {
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 30 }), (entries) => {
        const result = validateEntries(entries, NONE);
        result.rows.forEach((row, i) => {
          const key = row.entry.email.toLowerCase();
          const shared = entries.some((e, j) => j !== i && e.email.toLowerCase() === key);
          expect(row.errors.some((e) => e.type === 'EmailIsDuplicated')).toBe(shared);
        });
        expect(result.isValid).toBe(
          result.rows.length > 0 && result.rows.every((r) => r.errors.length === 0),
        );
      }),
    );
  });

  it('property: valid rows with distinct unused emails have no errors', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(validEntry, { selector: (e) => e.email.toLowerCase(), minLength: 1 }),
        (entries) => {
          const result = validateEntries(entries, NONE);
          expect(result.isValid).toBe(true);
        },
      ),
    );
  });
});

describe('deleting an import row (SPEC §4)', () => {
  it('property: removes the row and clears the duplicate error only from a single remaining partner', () => {
    fc.assert(
      fc.property(fc.array(validEntry, { minLength: 1, maxLength: 20 }), fc.nat(), (entries, pick) => {
        const before = validateEntries(entries, NONE);
        const index = pick % before.rows.length;
        const removed = before.rows[index]!;
        const after = deleteImportRow(before, index);
        expect(after.rows).toHaveLength(before.rows.length - 1);
        const key = removed.entry.email.toLowerCase();
        const partners = after.rows.filter((r) => r.entry.email.toLowerCase() === key);
        const wasDuplicated = removed.errors.some((e) => e.type === 'EmailIsDuplicated');
        for (const [i, row] of after.rows.entries()) {
          const original = before.rows[i < index ? i : i + 1]!;
          const isPartner = row.entry.email.toLowerCase() === key;
          if (wasDuplicated && isPartner && partners.length === 1) {
            expect(row.errors.some((e) => e.type === 'EmailIsDuplicated')).toBe(false);
          } else {
            expect(row.errors).toEqual(original.errors);
          }
        }
        expect(after.isValid).toBe(isImportReady(after.rows));
      }),
    );
  });

  it('an emptied import is not ready', () => {
    const one = validateEntries([entry()], NONE);
    expect(one.isValid).toBe(true);
    expect(deleteImportRow(one, 0).isValid).toBe(false);
  });

  it('clears the duplicate from the one other row, but not when two others remain', () => {
    const pair = validateEntries([entry(), entry({ firstName: 'Twin' })], NONE);
    expect(dupCount(pair.rows)).toBe(2);
    expect(dupCount(deleteImportRow(pair, 0).rows)).toBe(0);
    const triple = validateEntries([entry(), entry(), entry()], NONE);
    expect(dupCount(deleteImportRow(triple, 0).rows)).toBe(2);
  });

  it('fixing a cell re-validates duplicates', () => {
    const pair = validateEntries([entry(), entry()], NONE);
    const fixed = updateImportRow(pair, 1, entry({ email: 'other@example.com' }), NONE);
    expect(fixed.isValid).toBe(true);
  });
});

describe('CSV export guard', () => {
  it('property: guarded cells unguard to the original', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(unguardCell(guardCell(s))).toBe(s);
      }),
    );
  });

  it('prefixes formula-looking cells with a quote', () => {
    expect(guardCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardCell('+4930')).toBe("'+4930");
    expect(guardCell('Ada')).toBe('Ada');
    expect(employeesToCsv([entry({ phone: '+49 30 1' })])).toContain(`'+49 30 1`);
  });
});

const HEADER = ['First Name', 'Last Name', 'Email'];

/** What the streaming reader (the server) says about a table, in validateEmployeeCsv's terms. */
function readStreamed(table: readonly (readonly string[])[], inUse: ReadonlySet<string> = NONE) {
  const reader = createEmployeeCsvReader(inUse);
  for (const row of table) if (!reader.add(row)) break;
  return reader.finish();
}

describe('file bounds (issue #7: a header of 1,000,000 columns was accepted)', () => {
  const messages = (table: readonly (readonly string[])[]) => ({
    browser: validateEmployeeCsv(table, NONE).errors.map((e) => e.message),
    server: readStreamed(table).fileErrors.map((e) => e.message),
  });

  it('refuses a header of 1,000,000 columns from the text alone, at the line it is on', () => {
    const wide = `${'column,'.repeat(999_999)}column\nAda,Lovelace,ada@x.com\n`;
    expect(scanCsvHeader(wide).error).toEqual({
      type: 'FileHeadersNotValid',
      message:
        'Line 1 has more than 100 columns. Rows can have at most 100 columns of at most 1,000 characters each.',
    });
    // Blank lines before it, and separators a parser may guess instead of the comma, change nothing.
    const semicolons = `\r\n ; ;\r\n${'x;'.repeat(150)}x\r\n`;
    expect(scanCsvHeader(semicolons).error?.message).toMatch(/^Line 3 has more than 100 columns/);
    expect(scanCsvHeader(`${'x\t'.repeat(100)}x`).error?.message).toMatch(/^Line 1 /);
    expect(scanCsvHeader(`"${'x'.repeat(EMPLOYEE_CSV_MAX_ROW_CHARS)}`).error?.message).toMatch(
      /^Line 1 starts a row of more than 200,300 characters/,
    );
  });

  it('lets a header of 100 columns through, and looks no further than the header', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `c${i}`).join(',');
    expect(scanCsvHeader(`${hundred}\n`).error).toBeNull();
    expect(scanCsvHeader(`First Name,Last Name,Email\n${','.repeat(500)}\n`).error).toBeNull();
    const long = `First Name;Last Name;Email\n${'Ada;L;a@x.com\n'.repeat(20_000)}`;
    expect(long.length).toBeGreaterThan(EMPLOYEE_CSV_MAX_ROW_CHARS);
    expect(scanCsvHeader(long)).toEqual({ delimiter: ';', error: null });
    expect(scanCsvHeader('')).toEqual({ delimiter: ',', error: null });
  });

  it('parses with the separator the header uses, whatever blank lines come first', () => {
    const delimiter = (text: string) => scanCsvHeader(text).delimiter;
    expect(delimiter('First Name,Last Name,Email\n')).toBe(',');
    expect(delimiter('\n\nVorname;Nachname;E-Mail\n\nAda;L;a@x.com')).toBe(';');
    expect(delimiter('First Name\tLast Name\tEmail')).toBe('\t');
    expect(delimiter('"Name, first";"Name, last";Email')).toBe(';');
    expect(delimiter('Email')).toBe(',');
  });

  it('refuses rows of more than 100 columns and cells of more than 1,000 characters, naming the line', () => {
    const columns = EMPLOYEE_CSV_LIMITS.columns;
    const wideRow = [...HEADER, ...Array.from({ length: columns - 2 }, () => '')];
    const table = [[''], HEADER, ['Ada', 'Lovelace', 'ada@x.com'], wideRow];
    expect(messages(table)).toEqual({
      browser: [
        'Line 4 has more than 100 columns. Rows can have at most 100 columns of at most 1,000 characters each.',
      ],
      server: [
        'Line 4 has more than 100 columns. Rows can have at most 100 columns of at most 1,000 characters each.',
      ],
    });
    expect(validateEmployeeCsv([HEADER, wideRow.slice(0, columns)], NONE).errors).toEqual([]);

    const long = [HEADER, ['Ada', 'x'.repeat(1001), 'ada@x.com']];
    const cellMessage =
      'Line 2 has a cell longer than 1,000 characters (column 2). Rows can have at most 100 columns of at most 1,000 characters each.';
    expect(messages(long)).toEqual({ browser: [cellMessage], server: [cellMessage] });
    expect(validateEmployeeCsv([HEADER, ['Ada', 'x'.repeat(1000), 'ada@x.com']], NONE).errors).toEqual([]);
    expect(validateEmployeeCsv([['x'.repeat(1001), ...HEADER]], NONE).errors[0]?.type).toBe(
      'FileHeadersNotValid',
    );
  });

  it('refuses more than 200,000 rows, blank lines not counted', () => {
    const row = ['Ada', 'Lovelace', 'ada@x.com'];
    const atLimit = [HEADER, ...Array.from({ length: EMPLOYEE_CSV_LIMITS.rows }, () => row), [''], ['']];
    expect(readEmployeeCsvTable(atLimit).fileErrors).toEqual([]);
    expect(readEmployeeCsvTable([...atLimit, row]).fileErrors).toEqual([
      { type: 'UnknownError', message: 'The file has more than 200,000 rows. Split it into smaller files.' },
    ]);
  });
});

describe('rows that merged several lines of the file (issue #7)', () => {
  // What a CSV parser makes of a quote at the start of a cell that does not close on its line:
  //   1 First Name,Last Name,Email
  //   2 Ada,"Love"lace,ada@x.com
  //   3 Bob,Smith,bob@x.com
  //   4 Cy,"Z",cy@x.com
  //   5 Dan,D,dan@x.com
  const MALFORMED = [
    HEADER,
    ['Ada', 'Love"lace,ada@x.com\nBob,Smith,bob@x.com\nCy,"Z', 'cy@x.com'],
    ['Dan', 'D', 'dan@x.com'],
    [''],
  ];
  const MERGED_2_TO_4 =
    'Lines 2–4 were read as one row: a cell there starts with a quote (") that does not end on its line, so the line breaks became part of the cell. Remove the stray quote, or put the whole cell in quotes and double every quote inside it ("").';

  it('names the lines instead of showing fewer rows than the file has', () => {
    const browser = validateEmployeeCsv(MALFORMED, NONE);
    expect(browser.rows).toEqual([]);
    expect(browser.errors).toEqual([{ type: 'UnknownError', message: MERGED_2_TO_4 }]);
    const server = readStreamed(MALFORMED);
    expect(server.fileErrors).toEqual(browser.errors);
    expect(server.employees).toEqual([]);
  });

  it('counts blank lines and CRLF line breaks, and names every place (the first five, then a count)', () => {
    const merged = (n: number) => ['Ada', `x\r\n${n}`, `a${n}@x.com`];
    const table = [[''], HEADER, [''], merged(1), ['Bob', 'B', 'b@x.com'], merged(2)];
    expect(validateEmployeeCsv(table, NONE).errors[0]?.message).toMatch(
      /^Lines 4–5 and 7–8 were each read as one row: /,
    );
    const many = [HEADER, ...Array.from({ length: 8 }, (_, i) => merged(i))];
    expect(readStreamed(many).fileErrors[0]?.message).toMatch(
      /^Lines 2–3, 4–5, 6–7, 8–9, 10–11 and 3 more places were each read as one row: /,
    );
  });

  it('also names a header that merged lines, beside what is missing', () => {
    const table = [['First Name', 'Last Name\nAda', 'Lovelace'], ['']];
    expect(validateEmployeeCsv(table, NONE).errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Lines 1–2 were read as one row/),
      'Missing columns: Last Name, Email',
    ]);
  });
});

describe('streaming reader (the server) and validateEmployeeCsv (the browser) agree', () => {
  const cell = fc.oneof(
    fc.constantFrom(
      '',
      'Ada',
      'x@y.com',
      'X@Y.COM',
      'bad',
      '2026-01-02',
      '31.02.2026',
      '+49 30 1',
      '=1+1',
      ' ',
      'two\nlines',
    ),
    fc.string({ maxLength: 6 }),
  );
  const table = fc.tuple(
    fc.constantFrom(
      ['First Name', 'Last Name', 'Email', 'Phone', 'Start Date', 'End Date', 'Department', 'Position'],
      ['email', 'LAST NAME', 'first_name', 'start date'],
      ['First Name', 'Email'],
      ['', ' '],
      ['First Name', 'Last\r\nName', 'Email'],
    ),
    fc.array(fc.array(cell, { minLength: 0, maxLength: 9 }), { maxLength: 25 }),
  );

  it('property: the same rows, the same errors at the same cells, the same people', () => {
    fc.assert(
      fc.property(table, fc.subarray(['x@y.com', 'ada@example.com']), ([headers, rows], inUse) => {
        const used = new Set(inUse);
        const whole = validateEmployeeCsv([headers, ...rows], used);
        const streamed = readStreamed([headers, ...rows], used);
        expect(streamed.fileErrors).toEqual(whole.errors);
        expect(streamed.rowCount).toBe(whole.rows.length);
        const expected = whole.rows.flatMap((r, row) =>
          r.errors.map((e) => ({ row, type: e.type, field: e.field, message: e.message })),
        );
        expect(
          streamed.errors.map(({ row, type, field, message }) => ({ row, type, field, message })),
        ).toEqual(expected);
        if (whole.isValid)
          expect(streamed.employees).toEqual(whole.rows.map((r) => validateEntry(r.entry).employee));
        else expect(streamed.employees).toEqual([]);
      }),
    );
  });
});
