import { describe, expect, it } from 'vitest';
import { employeesTableList } from '../employees-list';

const DEFAULT_ALL_FILTERS = employeesTableList.defaultFilters('all');

import { parseTableUrl, serializeTableUrl, tableStateKey } from './table-url';

describe('table state in the URL', () => {
  it('reads filters, sorting and page of the all view', () => {
    const params = new URLSearchParams(
      'q=anna&userType=regularUser,lightUser&status=ACTIVE&status=LEAVE&source=hris&withoutBundle=true&inactive=true&sort=startDate.desc&page=3',
    );
    expect(parseTableUrl(params, 'all')).toEqual({
      filters: {
        textSearchQuery: 'anna',
        userType: ['regularUser', 'lightUser'],
        employeeStatus: ['ACTIVE', 'LEAVE'],
        userSources: ['hris'],
        onlyWithoutAssignedBundle: true,
        withInactiveUsers: true,
      },
      sorting: { key: 'startDate', direction: 'desc' },
      page: 2,
    });
  });

  it('falls back to the defaults and ignores unknown values', () => {
    const params = new URLSearchParams('status=BOGUS,ACTIVE&sort=shoeSize.asc&page=-4&userType=');
    expect(parseTableUrl(params, 'all')).toEqual({
      filters: { ...DEFAULT_ALL_FILTERS, employeeStatus: ['ACTIVE'] },
      sorting: { key: null, direction: null },
      page: 0,
    });
    expect(parseTableUrl(new URLSearchParams(''), 'onboarding')).toEqual({
      filters: { textSearchQuery: '' },
      sorting: { key: 'startDate', direction: 'asc' },
      page: 0,
    });
  });

  it('reads only text search and sorting in the onboarding and offboarding views', () => {
    const params = new URLSearchParams('view=offboarding&q=leo&status=ACTIVE&sort=none');
    expect(parseTableUrl(params, 'offboarding')).toEqual({
      filters: { textSearchQuery: 'leo' },
      sorting: { key: null, direction: null },
      page: 0,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(
      serializeTableUrl('all', {
        filters: DEFAULT_ALL_FILTERS,
        sorting: { key: null, direction: null },
      }).toString(),
    ).toBe('');
    expect(
      serializeTableUrl('onboarding', {
        filters: { textSearchQuery: '' },
        sorting: { key: 'startDate', direction: 'asc' },
      }).toString(),
    ).toBe('view=onboarding');
    expect(
      serializeTableUrl('onboarding', {
        filters: { textSearchQuery: '' },
        sorting: { key: null, direction: null },
      }).toString(),
    ).toBe('view=onboarding&sort=none');
    const state = {
      filters: { ...DEFAULT_ALL_FILTERS, textSearchQuery: 'a b', employeeStatus: ['ONBOARDING' as const] },
      sorting: { key: 'name' as const, direction: 'desc' as const },
      page: 4,
    };
    const params = serializeTableUrl('all', state);
    expect(params.toString()).toBe('q=a+b&status=ONBOARDING&sort=name.desc&page=5');
    expect(parseTableUrl(params, 'all')).toEqual(state);
    expect(tableStateKey('all', state)).toBe('q=a+b&status=ONBOARDING&sort=name.desc');
  });
});
