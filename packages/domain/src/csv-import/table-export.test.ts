import { describe, expect, it } from 'vitest';
import {
  chosenExportColumns,
  type ExportSchema,
  exportCell,
  exportCellText,
  exportRowsToCsv,
  wallClock,
} from './export.ts';

const PEOPLE = {
  tableColumns: ['name', 'joined', 'devices'],
  columns: [
    { field: 'first', column: 'name' },
    { field: 'last', column: 'name' },
    { field: 'start', column: 'joined', cell: 'date' },
    { field: 'seen', column: 'joined', cell: 'datetime' },
    { field: 'count', column: 'devices', cell: 'number' },
    { field: 'id', column: null },
  ],
} as const satisfies ExportSchema;

const fields = (columns: readonly { field: string }[]) => columns.map((c) => c.field);
const berlin = { locale: 'de', timeZone: 'Europe/Berlin' } as const;
const english = { locale: 'en', timeZone: 'Europe/Berlin' } as const;

describe('chosenExportColumns', () => {
  it('gives every column for all or nothing asked, the ones the table does not show included', () => {
    expect(fields(chosenExportColumns(PEOPLE, undefined).columns)).toEqual([
      'first',
      'last',
      'start',
      'seen',
      'count',
      'id',
    ]);
    expect(fields(chosenExportColumns(PEOPLE, 'all').columns)).toHaveLength(6);
  });

  it('gives the fields of the table columns named, in the file order, and names the unknown', () => {
    expect(chosenExportColumns(PEOPLE, 'devices,name')).toEqual({
      columns: [PEOPLE.columns[0], PEOPLE.columns[1], PEOPLE.columns[4]],
      unknown: [],
    });
    expect(chosenExportColumns(PEOPLE, 'name,id,nope').unknown).toEqual(['id', 'nope']);
  });
});

describe('typed export cells', () => {
  it('writes dates as date cells in the reader’s pattern and as their text in CSV', () => {
    expect(exportCell({ cell: 'date' }, '2026-03-01', berlin)).toEqual({
      type: 'date',
      value: new Date('2026-03-01T00:00:00Z'),
      format: 'dd.mm.yyyy',
    });
    expect(exportCellText({ cell: 'date' }, '2026-03-01', berlin)).toBe('01.03.2026');
    expect(exportCellText({ cell: 'date' }, '2026-03-01', english)).toBe('2026-03-01');
  });

  it('writes instants as the organisation’s wall-clock time', () => {
    // 10:05 UTC is 11:05 in Berlin in winter and 12:05 in summer.
    expect(exportCellText({ cell: 'datetime' }, '2026-11-01T10:05:00.000Z', berlin)).toBe('01.11.2026 11:05');
    expect(exportCellText({ cell: 'datetime' }, '2026-07-01T10:05:00.000Z', english)).toBe(
      '2026-07-01 12:05',
    );
    expect(wallClock(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin')).toEqual(
      new Date('2027-01-01T00:30:00Z'),
    );
    expect(exportCell({ cell: 'datetime' }, '2026-11-01T10:05:00.000Z', berlin)).toEqual({
      type: 'date',
      value: new Date('2026-11-01T11:05:00Z'),
      format: 'dd.mm.yyyy hh:mm',
    });
  });

  it('writes whole numbers as numbers, text as text, and what is not a date as text', () => {
    expect(exportCell({ cell: 'number' }, '3', english)).toEqual({ type: 'number', value: 3 });
    expect(exportCell({}, '0049 30', english)).toEqual({ type: 'text', value: '0049 30' });
    expect(exportCell({ cell: 'date' }, 'soon', english)).toEqual({ type: 'text', value: 'soon' });
    expect(exportCell({ cell: 'date' }, '', english)).toBeNull();
  });

  it('guards formulas in CSV rows', () => {
    const columns = [{ field: 'first', column: 'name' }] as const;
    expect(exportRowsToCsv(columns, [{ first: '=cmd()' }], english)).toBe("'=cmd()\r\n");
  });
});
