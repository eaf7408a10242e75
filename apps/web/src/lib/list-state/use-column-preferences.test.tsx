import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readColumnPreferences, shownColumns, useColumnPreferences } from './use-column-preferences';

const KEY = 'equip:devices_columns';
const COLUMNS = ['model', 'serialNumber', 'owner'] as const;

describe('column preferences', () => {
  beforeEach(() => localStorage.clear());

  it('shows every column until something is stored, and ignores what it cannot read', () => {
    expect(readColumnPreferences(KEY, COLUMNS)).toEqual(['model', 'serialNumber', 'owner']);
    localStorage.setItem(KEY, '{not json');
    expect(readColumnPreferences(KEY, COLUMNS)).toEqual(['model', 'serialNumber', 'owner']);
    localStorage.setItem(KEY, JSON.stringify({ model: true }));
    expect(readColumnPreferences(KEY, COLUMNS)).toEqual(['model', 'serialNumber', 'owner']);
    localStorage.setItem(KEY, JSON.stringify(['owner', 'retired', 'model']));
    expect(readColumnPreferences(KEY, COLUMNS)).toEqual(['model', 'owner']);
  });

  it('toggles and resets columns, in their order, and keeps the choice under its key', () => {
    localStorage.setItem(KEY, JSON.stringify(['owner']));
    const { result } = renderHook(() => useColumnPreferences(KEY, COLUMNS));
    expect(result.current.visible).toEqual(['owner']);
    expect(result.current.visibility).toEqual({ model: false, serialNumber: false, owner: true });
    act(() => result.current.toggle('model', true));
    expect(result.current.visible).toEqual(['model', 'owner']);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['model', 'owner']);
    act(() => result.current.toggle('owner', false));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['model']);
    act(() => result.current.reset());
    expect(result.current.visible).toEqual(['model', 'serialNumber', 'owner']);
    expect(localStorage.getItem('equip:all_employees_columns')).toBeNull();
  });

  it('shows a list’s defaults until the person chooses, resets to them, and keeps a later column hidden for an earlier choice', () => {
    const defaults = ['model', 'owner'] as const;
    expect(readColumnPreferences(KEY, COLUMNS, defaults)).toEqual(['model', 'owner']);
    expect(shownColumns(['name', ...COLUMNS], KEY, COLUMNS, defaults)).toEqual(['name', 'model', 'owner']);
    const { result } = renderHook(() => useColumnPreferences(KEY, COLUMNS, defaults));
    act(() => result.current.toggle('serialNumber', true));
    expect(result.current.visible).toEqual(['model', 'serialNumber', 'owner']);
    act(() => result.current.reset());
    expect(result.current.visible).toEqual(['model', 'owner']);
    // Stored before 'serialNumber' existed, say: the stored choice wins over the defaults.
    localStorage.setItem(KEY, JSON.stringify(['owner']));
    expect(readColumnPreferences(KEY, COLUMNS, defaults)).toEqual(['owner']);
  });

  it('gives the columns a table shows for its export: the fixed ones and the optional ones kept, in table order', () => {
    const table = ['name', 'model', 'serialNumber', 'owner'];
    expect(shownColumns(table, KEY, COLUMNS)).toEqual(table);
    localStorage.setItem(KEY, JSON.stringify(['owner', 'model']));
    expect(shownColumns(table, KEY, COLUMNS)).toEqual(['name', 'model', 'owner']);
  });
});
