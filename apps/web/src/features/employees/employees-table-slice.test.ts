import { describe, expect, it } from 'vitest';
import { createStore } from '@/lib/store';
import { employeesTableList } from './employees-list';
import { selectEmployeesTable } from './employees-table-slice';

// What is the employees table's own: its views, their filters and first sorting, their URL names. How
// a list's state changes (filters, sorting, selection) is the list machinery's, tested in lib/list-state.
describe('employeesTable (SPEC §3, §4)', () => {
  it('starts sorted by start date (onboarding), last date (offboarding) and unsorted (all), with the all view’s filters of SPEC §3 and only text search in the others', () => {
    const state = selectEmployeesTable(createStore().getState());
    expect(state.all).toEqual({
      filters: {
        textSearchQuery: '',
        userType: [],
        employeeStatus: [],
        userSources: [],
        onlyWithoutAssignedBundle: false,
        withInactiveUsers: false,
      },
      sorting: { key: null, direction: null },
      selectedIds: [],
      allMatchingSelected: false,
    });
    expect(state.onboarding.filters).toEqual({ textSearchQuery: '' });
    expect(state.onboarding.sorting).toEqual({ key: 'startDate', direction: 'asc' });
    expect(state.offboarding.filters).toEqual({ textSearchQuery: '' });
    expect(state.offboarding.sorting).toEqual({ key: 'lastDate', direction: 'asc' });
  });

  it('reads and writes its URL names: q, userType, status, source, withoutBundle, inactive and sort', () => {
    const params = new URLSearchParams(
      'q=anna&userType=lightUser&status=ACTIVE,BOGUS&source=hris&withoutBundle=true&inactive=true&sort=name.desc',
    );
    const state = employeesTableList.fromUrl(params, 'all');
    expect(state.filters).toEqual({
      textSearchQuery: 'anna',
      userType: ['lightUser'],
      employeeStatus: ['ACTIVE'],
      userSources: ['hris'],
      onlyWithoutAssignedBundle: true,
      withInactiveUsers: true,
    });
    expect(state.sorting).toEqual({ key: 'name', direction: 'desc' });
    expect(employeesTableList.hasDefaultFilters('all', state.filters)).toBe(false);
    expect(employeesTableList.hasDefaultFilters('onboarding', { textSearchQuery: '' })).toBe(true);
  });
});
