import { EMPLOYEE_SORTING_KEYS } from '@equip/domain/employees-rules';
import { EMPLOYEE_STATUSES, USER_SOURCES, USER_TYPES } from '@equip/domain/identity-rules';
import { flagFilter, optionsFilter, textFilter } from '@/lib/list-state/filter-fields';
import { defineList } from '@/lib/list-state/list-definition';

const search = { textSearchQuery: textFilter('q') };

/**
 * The employees table (SPEC §2, §4): three views. All employees filters by type, status, source, bundle
 * and inactive people and starts unsorted; onboarding and offboarding only search by text and start
 * sorted by start date and last date. In the URL: `?view=onboarding&q=anna&status=ACTIVE&sort=name.desc`.
 */
export const employeesTableList = defineList({
  name: 'employeesTable',
  views: {
    all: {
      filters: {
        ...search,
        userType: optionsFilter('userType', USER_TYPES),
        employeeStatus: optionsFilter('status', EMPLOYEE_STATUSES),
        userSources: optionsFilter('source', USER_SOURCES),
        onlyWithoutAssignedBundle: flagFilter('withoutBundle'),
        withInactiveUsers: flagFilter('inactive'),
      },
      sorting: { key: null, direction: null },
    },
    onboarding: { filters: search, sorting: { key: 'startDate', direction: 'asc' } },
    offboarding: { filters: search, sorting: { key: 'lastDate', direction: 'asc' } },
  },
  sortKeys: EMPLOYEE_SORTING_KEYS,
  viewQueryParam: 'view',
});
