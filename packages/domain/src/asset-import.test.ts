import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import './zod-messages.ts';
import {
  ASSET_CSV_COLUMNS,
  ASSET_IMPORT,
  type AssetCsvEntry,
  type AssetCsvField,
  AssetImportValidationResult,
  assetImportTemplate,
  assigneeKey,
  fixedKindOf,
  kindKey,
  personKeys,
  propertyColumn,
} from './asset-import.ts';
import type { TakenValues } from './csv-import/schema.ts';
import {
  createImportReader,
  deleteImportRow,
  updateImportRow,
  validateImportEntries,
  validateImportTable,
} from './csv-import/validate.ts';

/** The organisation: two people and one kind of its own. */
const PEOPLE = [
  { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
];
const KNOWN: TakenValues<AssetCsvField> = {
  assignedTo: new Set(PEOPLE.flatMap(personKeys)),
  kind: new Set([kindKey('Docking station')]),
};

const entry = (over: Partial<AssetCsvEntry> = {}): AssetCsvEntry => ({
  name: 'UltraSharp 27',
  vendor: '',
  model: '',
  kind: '',
  assignedTo: '',
  serialNumber: '',
  notes: '',
  ...over,
});

const HEADERS = ASSET_CSV_COLUMNS.map((c) => c.header);
const tableOf = (entries: readonly AssetCsvEntry[], extra: readonly string[] = []): string[][] => [
  [...HEADERS, ...extra],
  ...entries.map((e) => [
    ...ASSET_CSV_COLUMNS.map((c) => e[c.field]),
    ...extra.map((h) => e[propertyColumn(h)!] ?? ''),
  ]),
];

/** What a row's errors should be, by the rules stated directly. */
function expectedErrorTypes(e: AssetCsvEntry): string[] {
  const types: string[] = [];
  if (e.name.trim() === '' || e.name.trim().length > 200) types.push('ZodValidationError');
  const assignee = assigneeKey(e.assignedTo);
  if (assignee && !KNOWN.assignedTo!.has(assignee))
    types.push(e.assignedTo.includes('@') ? 'AccountWithEmailDoesNotExist' : 'AccountWithNameDoesNotExist');
  const kind = kindKey(e.kind);
  if (kind && !KNOWN.kind!.has(kind)) types.push('ZodValidationError');
  return types;
}

/** Rows whose cells come from small pools, so every rule is hit often. */
const anyEntry = fc
  .record({
    name: fc.constantFrom('UltraSharp 27', '  MX Keys  ', '', '   ', 'x', 'y'.repeat(201)),
    vendor: fc.constantFrom('', 'Dell', 'Logitech'),
    model: fc.constantFrom('', 'U2723QE'),
    kind: fc.constantFrom('', 'monitor', 'KEYBOARD', 'Docking station', ' docking  STATION ', 'Toaster'),
    assignedTo: fc.constantFrom(
      '',
      'ada@example.com',
      'ADA@Example.com ',
      'Grace Hopper',
      'grace   hopper',
      'nobody@example.com',
      'Alan Turing',
    ),
    serialNumber: fc.constantFrom('', 'SN-1', 'SN-2'),
    notes: fc.constantFrom('', 'German layout'),
  })
  .map((e) => entry(e));

describe('the asset CSV validator (property-based)', () => {
  it('gives each row exactly the errors of its rules, and the file is valid when no row has one', () => {
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 25 }), (entries) => {
        const result = validateImportEntries(ASSET_IMPORT, entries, KNOWN);
        result.rows.forEach((row, i) => {
          expect(row.errors.map((e) => e.type).sort()).toEqual(expectedErrorTypes(entries[i]!).sort());
        });
        expect(result.isValid).toBe(result.rows.every((row) => row.errors.length === 0));
        expect(AssetImportValidationResult.parse(result)).toEqual(result);
      }),
    );
  });

  it('puts every error at its cell, with the person errors at "assigned to"', () => {
    fc.assert(
      fc.property(anyEntry, (e) => {
        const [row] = validateImportEntries(ASSET_IMPORT, [e], KNOWN).rows;
        for (const error of row!.errors) {
          if (error.type.startsWith('Account')) expect(error.field).toBe('assignedTo');
          else expect(['name', 'kind']).toContain(error.field);
        }
      }),
    );
  });

  it('the server reader (row by row) finds the same errors and values as the preview', () => {
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 25 }), (entries) => {
        const table = tableOf(entries);
        const preview = validateImportTable(ASSET_IMPORT, table, KNOWN);
        const reader = createImportReader(ASSET_IMPORT);
        for (const cells of table) reader.add(cells);
        const read = reader.finish(KNOWN);
        const fromPreview = preview.rows.flatMap((row, i) =>
          row.errors.map((e) => ({ row: i, type: e.type, field: e.field })),
        );
        expect(read.errors.map((e) => ({ row: e.row, type: e.type, field: e.field }))).toEqual(fromPreview);
        expect(read.values.length).toBe(preview.isValid ? entries.length : 0);
      }),
    );
  });

  it('reads the custom property columns of the model and of each item, whatever their case and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('property:Connector', 'Property : Connector', 'PROPERTY:Connector'),
        fc.constantFrom('item property:Purchased', 'Item Property: Purchased', 'item_property:Purchased'),
        fc.string({ maxLength: 20 }).filter((v) => v.trim() !== '' && !/^'*[=+\-@\t\r]/.test(v)),
        (modelHeader, itemHeader, value) => {
          const result = validateImportTable(
            ASSET_IMPORT,
            [
              ['Name', modelHeader, itemHeader],
              ['Dock', value, '2026-01-15'],
            ],
            KNOWN,
          );
          expect(result.errors).toEqual([]);
          expect(result.parsedHeaders).toEqual(['Name', modelHeader, itemHeader]);
          const value0 = ASSET_IMPORT.validateEntry(result.rows[0]!.entry).value;
          expect(value0?.definition.properties).toEqual([{ key: 'Connector', value: value.trim() }]);
          expect(value0?.item.properties).toEqual([{ key: 'Purchased', value: '2026-01-15' }]);
        },
      ),
    );
  });
});

describe('the import-state rules (property-based)', () => {
  it('deleting a row removes only it, keeps the others and their errors, and recomputes validity', () => {
    fc.assert(
      fc.property(
        fc
          .array(anyEntry, { minLength: 1, maxLength: 20 })
          .chain((entries) => fc.tuple(fc.constant(entries), fc.nat({ max: entries.length - 1 }))),
        ([entries, index]) => {
          const before = validateImportEntries(ASSET_IMPORT, entries, KNOWN);
          const after = deleteImportRow(ASSET_IMPORT, before, index);
          expect(after.rows).toEqual(before.rows.filter((_, i) => i !== index));
          expect(after.isValid).toBe(after.rows.every((row) => row.errors.length === 0));
          expect(after.parsedHeaders).toEqual(before.parsedHeaders);
        },
      ),
    );
  });

  it('deleting every row with an error leaves a valid import, and an empty list is valid', () => {
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 20 }), (entries) => {
        let result = validateImportEntries(ASSET_IMPORT, entries, KNOWN);
        for (let i = result.rows.length - 1; i >= 0; i--)
          if (result.rows[i]!.errors.length > 0) result = deleteImportRow(ASSET_IMPORT, result, i);
        expect(result.isValid).toBe(true);
        while (result.rows.length > 0) result = deleteImportRow(ASSET_IMPORT, result, 0);
        expect(result.isValid).toBe(true);
      }),
    );
  });

  it('fixing a cell re-checks that row: a fixed row is as if it had been in the file', () => {
    fc.assert(
      fc.property(
        fc.array(anyEntry, { minLength: 1, maxLength: 15 }),
        anyEntry,
        fc.nat(),
        (entries, fixed, at) => {
          const index = at % entries.length;
          const updated = updateImportRow(
            ASSET_IMPORT,
            validateImportEntries(ASSET_IMPORT, entries, KNOWN),
            index,
            fixed,
            KNOWN,
          );
          const direct = validateImportEntries(
            ASSET_IMPORT,
            entries.map((e, i) => (i === index ? fixed : e)),
            KNOWN,
          );
          expect(updated).toEqual(direct);
        },
      ),
    );
  });
});

describe('the asset CSV file', () => {
  it('reads a fixed kind by its code or its English or German words, else as an organisation kind', () => {
    for (const [cell, kind] of [
      ['', 'unknown'],
      ['KEYBOARD', 'keyboard'],
      ['Tastatur', 'keyboard'],
      [' kopfhörer ', 'headphones'],
      ['Sonstiges', 'unknown'],
      ['Other', 'unknown'],
    ] as const)
      expect(fixedKindOf(cell)).toBe(kind);
    expect(fixedKindOf('Docking station')).toBeNull();
    expect(kindKey('Tastatur')).toBe('');
  });

  it('refuses a file without a Name column (FileHeadersMissing), and an empty one', () => {
    const missing = validateImportTable(
      ASSET_IMPORT,
      [
        ['Vendor', 'Model'],
        ['Dell', 'U2723QE'],
      ],
      KNOWN,
    );
    expect(missing.errors).toEqual([{ type: 'FileHeadersMissing', message: 'Missing columns: Name' }]);
    expect(missing.isValid).toBe(false);
    expect(validateImportTable(ASSET_IMPORT, [], KNOWN).errors.map((e) => e.type)).toEqual([
      'FileHeadersMissing',
    ]);
  });

  it('refuses headers it does not read (FileHeadersInvalid), naming the convention', () => {
    for (const header of ['Colour', 'property:', 'item property:  ']) {
      const result = validateImportTable(
        ASSET_IMPORT,
        [
          ['Name', header],
          ['Dock', 'x'],
        ],
        KNOWN,
      );
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]!.type).toBe('FileHeadersInvalid');
      expect(result.errors[0]!.message).toContain('property:<key>');
    }
    const twice = validateImportTable(ASSET_IMPORT, [['Name', 'property:Colour', 'Property: Colour']], KNOWN);
    expect(twice.errors[0]?.type).toBe('FileHeadersInvalid');
  });

  it('reads its own error export back (the Errors column is ignored)', () => {
    const result = validateImportTable(
      ASSET_IMPORT,
      [
        ['Name', 'Errors'],
        ['Dock', 'Name: Required'],
      ],
      KNOWN,
    );
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
  });

  it('the downloadable template imports as it is for its example people', () => {
    const table = assetImportTemplate()
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const result = validateImportTable(ASSET_IMPORT, table, KNOWN);
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(2);
    expect(result.isValid).toBe(true);
    expect(table[0]).toEqual([...HEADERS, 'property:Connector', 'item property:Purchased']);
  });
});
