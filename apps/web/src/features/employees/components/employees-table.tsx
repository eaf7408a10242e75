import {
  EMPLOYEE_COLUMNS_STORAGE_KEY,
  EmployeeColumnKey,
  type EmployeeListItem,
  type EmployeeTableView,
} from '@equip/domain/employees';
import { SearchX, UserMinus, UserPlus, Users } from 'lucide-react';
import { useMemo } from 'react';
import { fullName } from '@/lib/format';
import { useColumnPreferences } from '@/lib/list-state/use-column-preferences';
import { useListTable } from '@/lib/list-state/use-list-table';
import { useAppDispatch } from '@/lib/store';
import { Button } from '@/ui/button';
import { ColumnMenu } from '@/ui/data-table/column-menu';
import { DataTable } from '@/ui/data-table/data-table';
import type { EmptyStateProps } from '@/ui/empty-state';
import { MenuItem } from '@/ui/multi-select';
import { EMPLOYEES_PAGE_SIZE, getEmployeesQueryOptions } from '../api/get-employees';
import { selectEmployee } from '../employees-slice';
import { employeesTable } from '../employees-table-slice';
import { AddEmployeesActions } from './add-employees-actions';
import { EmployeesFilters } from './employees-filters';
import { COLUMN_LABELS, COLUMNS, VIEW_COLUMNS } from './employees-table-columns';
import { EmployeesSelectionBar } from './selection-bar';

const EMPTY_VIEW: Record<EmployeeTableView, EmptyStateProps> = {
  all: {
    icon: Users,
    title: 'No employees yet',
    description: 'Add the people of your organisation one by one or import them from a CSV file.',
    action: <AddEmployeesActions />,
  },
  onboarding: {
    icon: UserPlus,
    title: 'No onboardings in progress',
    description: 'People whose start date lies ahead are listed here while they are being onboarded.',
  },
  offboarding: {
    icon: UserMinus,
    title: 'No offboardings in progress',
    description: 'People who are leaving are listed here until their offboarding is done.',
  },
};

const OPTIONAL_COLUMNS = EmployeeColumnKey.options;
const rowId = (employee: EmployeeListItem) => employee.uuid;

/**
 * The employees table of one view, on the list machinery (`lib/list-state`, `ui/data-table`): filters,
 * sortable headers, row selection, server paging (50 rows a page, the previous page stays while the
 * next loads), the optional columns of the all view and the bulk-action bar.
 */
export function EmployeesTable({ view }: { view: EmployeeTableView }) {
  const dispatch = useAppDispatch();
  const table = useListTable(employeesTable, view, {
    queryOptions: getEmployeesQueryOptions,
    pageSize: EMPLOYEES_PAGE_SIZE,
    getRowId: rowId,
  });
  const columnPreferences = useColumnPreferences(EMPLOYEE_COLUMNS_STORAGE_KEY, OPTIONAL_COLUMNS);
  const columns = useMemo(() => VIEW_COLUMNS[view].map((id) => COLUMNS[id]), [view]);

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? EMPTY_VIEW[view]
    : {
        icon: SearchX,
        title: 'No employees match these filters',
        description: 'Try other words or fewer filters.',
        action: (
          <Button variant="secondary" onClick={table.resetFilters}>
            Reset filters
          </Button>
        ),
      };

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
            <ColumnMenu
              columns={OPTIONAL_COLUMNS}
              labels={COLUMN_LABELS}
              visible={columnPreferences.visible}
              onToggle={columnPreferences.toggle}
              onShowAll={columnPreferences.reset}
            >
              <MenuItem onSelect={table.clearAll}>Clear filters, sorting and selection in all views</MenuItem>
            </ColumnMenu>
          ) : undefined
        }
      />
      <DataTable
        label="Employees"
        className="max-h-[calc(100vh-19rem)] min-h-[20rem]"
        columns={columns}
        columnVisibility={view === 'all' ? columnPreferences.visibility : undefined}
        rows={table.rows}
        getRowId={rowId}
        sorting={table.state.sorting}
        onSortingChange={table.setSorting}
        selection={{ ...table.selection, rowLabel: (employee) => `Select ${fullName(employee)}` }}
        status={table.query}
        messages={{ loading: 'Loading employees…', error: 'Could not load employees' }}
        empty={empty}
        firstRowIndex={table.params.skip}
        total={table.query.data ? table.total : undefined}
        pagination={{
          page: table.url.page,
          pageSize: EMPLOYEES_PAGE_SIZE,
          onPageChange: table.setPage,
          label: 'Employees pages',
        }}
        onOpenRow={(employee) => dispatch(selectEmployee(employee.uuid))}
        keyboardHint="Use the arrow keys to move between rows, Enter to open a person's details and Space to select them."
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
