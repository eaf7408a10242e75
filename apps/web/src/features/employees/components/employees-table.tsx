import type { EmployeeColumnKey, EmployeeListItem, EmployeeTableView } from '@equip/domain/employees';
import { EMPLOYEE_COLUMN_KEYS, EMPLOYEE_COLUMNS_STORAGE_KEY } from '@equip/domain/employees-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useMemo } from 'react';
import { fullName } from '@/lib/format';
import { useColumnPreferences } from '@/lib/list-state/use-column-preferences';
import { useListTable } from '@/lib/list-state/use-list-table';
import { useColumnFit } from '@/ui/data-table/column-fit';
import { DataTable } from '@/ui/data-table/data-table';
import { ListToolbarEnd } from '@/ui/data-table/list-toolbar-end';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { EMPLOYEES_PAGE_SIZE, getEmployeesQueryOptions } from '../api/get-employees';
import { employeesTable } from '../employees-table-slice';
import { useEmployeeUrl } from '../lib/employee-url';
import { AddEmployeesActions } from './add-employees-actions';
import { EmployeesFilters } from './employees-filters';
import { COLUMN_LABELS, COLUMNS, VIEW_COLUMNS } from './employees-table-columns';
import { EmployeesSelectionBar } from './selection-bar';

interface EmptyView extends Omit<EmptyStateProps, 'title' | 'description'> {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

const EMPTY_VIEW: Record<EmployeeTableView, EmptyView> = {
  all: {
    icon: Users,
    title: msg`No employees yet`,
    description: msg`Add the people of your organisation one by one or import them from a CSV file.`,
    action: <AddEmployeesActions />,
  },
  onboarding: {
    icon: UserPlus,
    title: msg`No onboardings in progress`,
    description: msg`People whose start date lies ahead are listed here while they are being onboarded.`,
  },
  offboarding: {
    icon: UserMinus,
    title: msg`No offboardings in progress`,
    description: msg`People who are leaving are listed here until their offboarding is done.`,
  },
};

const OPTIONAL_COLUMNS = EMPLOYEE_COLUMN_KEYS;
const rowId = (employee: EmployeeListItem) => employee.uuid;

/**
 * The employees table of one view, on the list machinery (`lib/list-state`, `ui/data-table`): filters,
 * sortable headers, row selection, server paging (50 rows a page, the previous page stays while the
 * next loads), the optional columns of the all view and the bulk-action bar.
 */
export function EmployeesTable({ view }: { view: EmployeeTableView }) {
  const { t, i18n } = useLingui();
  const { open: openEmployee } = useEmployeeUrl();
  const table = useListTable(employeesTable, view, {
    queryOptions: getEmployeesQueryOptions,
    pageSize: EMPLOYEES_PAGE_SIZE,
    getRowId: rowId,
  });
  const columnPreferences = useColumnPreferences(EMPLOYEE_COLUMNS_STORAGE_KEY, OPTIONAL_COLUMNS);
  // Columns hidden for lack of room are offered in the column menu.
  const fit = useColumnFit();
  const selectLabel = (name: string) => t`Select ${name}`;
  const columns = useMemo(() => VIEW_COLUMNS[view].map((id) => COLUMNS[id]), [view]);

  const columnLabels = Object.fromEntries(
    OPTIONAL_COLUMNS.map((column) => [column, i18n._(COLUMN_LABELS[column])]),
  ) as Record<EmployeeColumnKey, string>;
  const viewEmpty = EMPTY_VIEW[view];
  const empty: EmptyStateProps = table.hasDefaultFilters
    ? { ...viewEmpty, title: i18n._(viewEmpty.title), description: i18n._(viewEmpty.description) }
    : noMatchesState(
        t`No employees match these filters`,
        t`Try other words or fewer filters.`,
        table.resetFilters,
      );

  return (
    <div className="space-y-3">
      <EmployeesFilters
        view={view}
        filters={table.state.filters}
        isDefault={employeesTable.list.hasDefaultFilters(view, table.state.filters)}
        onFilter={table.setFilter}
        onReset={table.resetFilters}
        trailing={
          view === 'all' ? (
            <ListToolbarEnd
              columns={columnPreferences}
              labels={columnLabels}
              fit={fit}
              onClearAll={table.clearAll}
              clearLabel={<Trans>Clear filters, sorting and selection in all views</Trans>}
            />
          ) : undefined
        }
      />
      <DataTable
        fit={fit}
        {...table.tableProps}
        label={t`Employees`}
        className="max-h-[calc(100vh-19rem)] min-h-[20rem]"
        columns={columns}
        columnVisibility={view === 'all' ? columnPreferences.visibility : undefined}
        selection={{ ...table.selection, rowLabel: (employee) => selectLabel(fullName(employee)) }}
        messages={{ loading: t`Loading employees…`, error: t`Could not load employees` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Employees pages` }}
        onOpenRow={(employee) => openEmployee(employee.uuid)}
        keyboardHint={t`Use the arrow keys to move between rows, Enter to open a person's details and Space to select them.`}
      />
      <EmployeesSelectionBar
        selection={table.selection}
        total={table.total}
        pageSize={EMPLOYEES_PAGE_SIZE}
        filter={table.filter}
      />
    </div>
  );
}
