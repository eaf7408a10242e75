import type { EmployeeTableFilters, EmployeeTableView } from '@equip/domain/employees';
import { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { MultiSelect } from '@/ui/multi-select';
import type { FiltersByView } from '../employees-table-slice';
import { EMPLOYEE_STATUS_LABELS, USER_SOURCE_LABELS, USER_TYPE_LABELS } from '../lib/format';
import { DebouncedSearch } from './debounced-search';

const USER_TYPE_OPTIONS = UserType.options.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
const STATUS_OPTIONS = EmployeeStatus.options.map((value) => ({
  value,
  label: EMPLOYEE_STATUS_LABELS[value].label,
}));
const SOURCE_OPTIONS = UserSource.options.map((value) => ({ value, label: USER_SOURCE_LABELS[value] }));

function ToggleFilter({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-100">
      <Checkbox id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className="cursor-pointer">
        {children}
      </label>
    </div>
  );
}

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
    <search className="flex flex-wrap items-center gap-2" aria-label="Filter employees">
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
      {isDefault ? null : (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <X aria-hidden="true" />
          Reset filters
        </Button>
      )}
      {trailing ? <div className="ml-auto flex items-center gap-2">{trailing}</div> : null}
    </search>
  );
}
