import type { EmployeeTableFilters, EmployeeTableView } from '@equip/domain/employees';
import { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import type { ReactNode } from 'react';
import { EMPLOYEE_STATUS_LABELS, USER_SOURCE_LABELS, USER_TYPE_LABELS } from '@/lib/labels';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar, ToggleFilter } from '@/ui/data-table/filter-bar';
import { MultiSelect } from '@/ui/multi-select';
import type { FiltersByView } from '../employees-table-slice';

const USER_TYPE_OPTIONS = UserType.options.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
const STATUS_OPTIONS = EmployeeStatus.options.map((value) => ({
  value,
  label: EMPLOYEE_STATUS_LABELS[value],
}));
const SOURCE_OPTIONS = UserSource.options.map((value) => ({ value, label: USER_SOURCE_LABELS[value] }));

export function EmployeesFilters<V extends EmployeeTableView>({
  view,
  filters,
  isDefault,
  onFilter,
  onReset,
  trailing,
}: {
  view: V;
  filters: FiltersByView[V];
  isDefault: boolean;
  onFilter: <K extends keyof FiltersByView[V]>(key: K, value: FiltersByView[V][K]) => void;
  onReset: () => void;
  /** Controls at the right end (column settings). */
  trailing?: ReactNode;
}) {
  const all = view === 'all' ? (filters as EmployeeTableFilters) : null;
  const setAll = onFilter as unknown as <K extends keyof EmployeeTableFilters>(
    key: K,
    value: EmployeeTableFilters[K],
  ) => void;
  return (
    <FilterBar label="Filter employees" isDefault={isDefault} onReset={onReset} trailing={trailing}>
      <DebouncedSearch
        label="Search employees"
        placeholder="Search name or email"
        value={filters.textSearchQuery}
        onCommit={(text) => onFilter('textSearchQuery' as keyof FiltersByView[V], text as never)}
        className="w-full sm:w-56"
      />
      {all ? (
        <>
          <MultiSelect
            label="User type"
            options={USER_TYPE_OPTIONS}
            value={all.userType}
            onValueChange={(value) => setAll('userType', value)}
          />
          <MultiSelect
            label="Status"
            options={STATUS_OPTIONS}
            value={all.employeeStatus}
            onValueChange={(value) => setAll('employeeStatus', value)}
          />
          <MultiSelect
            label="Source"
            options={SOURCE_OPTIONS}
            value={all.userSources}
            onValueChange={(value) => setAll('userSources', value)}
          />
          <ToggleFilter
            checked={all.onlyWithoutAssignedBundle}
            onChange={(checked) => setAll('onlyWithoutAssignedBundle', checked)}
          >
            Without bundle
          </ToggleFilter>
          <ToggleFilter
            checked={all.withInactiveUsers}
            onChange={(checked) => setAll('withInactiveUsers', checked)}
          >
            Show inactive
          </ToggleFilter>
        </>
      ) : null}
    </FilterBar>
  );
}
