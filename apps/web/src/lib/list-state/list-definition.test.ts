import { describe, expect, it } from 'vitest';
import { flagFilter, optionsFilter, textFilter } from './filter-fields';
import { defineList } from './list-definition';

/** A list as a devices area would define it: one view, and a second one to show how views differ. */
const devices = defineList({
  name: 'devicesListFilters',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        deviceStatus: optionsFilter('status', ['active', 'in-stock', 'inactive'] as const),
        withArchived: flagFilter('archived'),
      },
      sorting: { key: null, direction: null },
    },
    stock: {
      filters: { textSearchQuery: textFilter('q') },
      sorting: { key: 'name', direction: 'asc' },
    },
  },
  sortKeys: ['name', 'serialNumber', 'lastSeenAt'] as const,
});

describe('list definition', () => {
  it('derives the defaults of each view', () => {
    expect(devices.defaultView).toBe('all');
    expect(devices.defaultFilters('all')).toEqual({
      textSearchQuery: '',
      deviceStatus: [],
      withArchived: false,
    });
    expect(devices.defaultFilters('stock')).toEqual({ textSearchQuery: '' });
    expect(devices.initialSorting('stock')).toEqual({ key: 'name', direction: 'asc' });
    expect(devices.hasDefaultFilters('all', devices.defaultFilters('all'))).toBe(true);
    expect(devices.hasDefaultFilters('all', { ...devices.defaultFilters('all'), withArchived: true })).toBe(
      false,
    );
  });

  it('reads a view from the URL, dropping unknown values', () => {
    const params = new URLSearchParams(
      'q=mac&status=inactive,broken&status=active&archived=true&sort=serialNumber.desc&page=4',
    );
    expect(devices.fromUrl(params, 'all')).toEqual({
      filters: { textSearchQuery: 'mac', deviceStatus: ['inactive', 'active'], withArchived: true },
      sorting: { key: 'serialNumber', direction: 'desc' },
      page: 3,
    });
    expect(devices.fromUrl(new URLSearchParams('sort=colour.asc&page=zero'), 'stock')).toEqual({
      filters: { textSearchQuery: '' },
      sorting: { key: 'name', direction: 'asc' },
      page: 0,
    });
    expect(devices.fromUrl(new URLSearchParams('sort=none'), 'stock').sorting).toEqual({
      key: null,
      direction: null,
    });
    expect(devices.parseView('stock')).toBe('stock');
    expect(devices.parseView('elsewhere')).toBe('all');
    expect(devices.parseView(null)).toBe('all');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(
      devices
        .toUrl('all', { filters: devices.defaultFilters('all'), sorting: { key: null, direction: null } })
        .toString(),
    ).toBe('');
    expect(
      devices
        .toUrl('stock', { filters: { textSearchQuery: '' }, sorting: { key: 'name', direction: 'asc' } })
        .toString(),
    ).toBe('view=stock');
    expect(
      devices
        .toUrl('stock', { filters: { textSearchQuery: '' }, sorting: { key: null, direction: null } })
        .toString(),
    ).toBe('view=stock&sort=none');
    const state = {
      filters: { textSearchQuery: 'a b', deviceStatus: ['in-stock' as const], withArchived: true },
      sorting: { key: 'lastSeenAt' as const, direction: 'desc' as const },
      page: 2,
    };
    const params = devices.toUrl('all', state);
    expect(params.toString()).toBe('q=a+b&status=in-stock&archived=true&sort=lastSeenAt.desc&page=3');
    expect(devices.fromUrl(params, 'all')).toEqual(state);
    expect(devices.urlKey('all', state)).toBe('q=a+b&status=in-stock&archived=true&sort=lastSeenAt.desc');
  });

  it('builds the list request: used filters (text trimmed), sorting, and the view when the API takes it', () => {
    expect(
      devices.toQuery('all', {
        filters: { textSearchQuery: '  mac ', deviceStatus: ['active'], withArchived: false },
        sorting: { key: 'name', direction: 'asc' },
      }),
    ).toEqual({
      textSearchQuery: 'mac',
      deviceStatus: ['active'],
      sortingKey: 'name',
      sortingDirection: 'asc',
    });
    const withView = defineList({ ...devices, name: 'withView', viewQueryParam: 'view' });
    expect(
      withView.toQuery('stock', {
        filters: { textSearchQuery: ' ' },
        sorting: { key: null, direction: null },
      }),
    ).toEqual({
      view: 'stock',
    });
  });

  it('prefixes its view, sort and page parameters when shown beside another list, and knows its own', () => {
    const inDrawer = defineList({ ...devices, name: 'inDrawer', urlPrefix: 'software' });
    const params = inDrawer.toUrl('stock', {
      filters: { textSearchQuery: 'mac' },
      sorting: { key: 'serialNumber', direction: 'desc' },
      page: 2,
    });
    expect(params.toString()).toBe('softwareView=stock&q=mac&softwareSort=serialNumber.desc&softwarePage=3');
    expect(inDrawer.fromUrl(params, 'stock')).toEqual({
      filters: { textSearchQuery: 'mac' },
      sorting: { key: 'serialNumber', direction: 'desc' },
      page: 2,
    });
    // The page's own list and an open record's tab are not its parameters.
    expect(
      ['softwareSort', 'softwarePage', 'softwareView', 'q', 'status', 'archived'].every(
        inDrawer.ownsUrlParam,
      ),
    ).toBe(true);
    expect(inDrawer.ownsUrlParam('sort')).toBe(false);
    expect(inDrawer.ownsUrlParam('tab')).toBe(false);
    expect(devices.ownsUrlParam('sort')).toBe(true);
  });

  it('knows the sort keys', () => {
    expect(devices.isSortKey('serialNumber')).toBe(true);
    expect(devices.isSortKey('colour')).toBe(false);
    expect(devices.isSortKey(null)).toBe(false);
  });
});
