import type { EmployeeTableFilters, EmployeeTableView } from '@equip/domain/employees';
import { EMPLOYEE_STATUSES, USER_SOURCES, USER_TYPES } from '@equip/domain/identity-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar, ToggleFilter } from '@/ui/data-table/filter-bar';
import { MultiSelect } from '@/ui/multi-select';
import type { FiltersByView } from '../employees-table-slice';
import { EMPLOYEE_STATUS_LABELS, USER_SOURCE_LABELS, USER_TYPE_LABELS } from '../lib/employee-labels';

// The labels are read while rendering: they follow the current language.
const userTypeOptions = () => USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
const statusOptions = () =>
  EMPLOYEE_STATUSES.map((value) => ({ value, label: EMPLOYEE_STATUS_LABELS[value] }));
const sourceOptions = () => USER_SOURCES.map((value) => ({ value, label: USER_SOURCE_LABELS[value] }));

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
  const { t } = useLingui();
  const all = view === 'all' ? (filters as EmployeeTableFilters) : null;
  const setAll = onFilter as unknown as <K extends keyof EmployeeTableFilters>(
    key: K,
    value: EmployeeTableFilters[K],
  ) => void;
  return (
    <FilterBar label={t`Filter employees`} isDefault={isDefault} onReset={onReset} trailing={trailing}>
      <DebouncedSearch
        label={t`Search employees`}
        placeholder={t`Search name or email`}
        value={filters.textSearchQuery}
        onCommit={(text) => onFilter('textSearchQuery' as keyof FiltersByView[V], text as never)}
        className="w-full sm:w-64"
      />
      {all ? (
        <>
          <MultiSelect
            label={t`User type`}
            options={userTypeOptions()}
            value={all.userType}
            onValueChange={(value) => setAll('userType', value)}
          />
          <MultiSelect
            label={t`Status`}
            options={statusOptions()}
            value={all.employeeStatus}
            onValueChange={(value) => setAll('employeeStatus', value)}
          />
          <MultiSelect
            label={t`Source`}
            options={sourceOptions()}
            value={all.userSources}
            onValueChange={(value) => setAll('userSources', value)}
          />
          <ToggleFilter
            checked={all.onlyWithoutAssignedBundle}
            onChange={(checked) => setAll('onlyWithoutAssignedBundle', checked)}
          >
            <Trans>Without bundle</Trans>
          </ToggleFilter>
          <ToggleFilter
            checked={all.withInactiveUsers}
            onChange={(checked) => setAll('withInactiveUsers', checked)}
          >
            <Trans>Show inactive</Trans>
          </ToggleFilter>
        </>
      ) : null}
    </FilterBar>
  );
}
