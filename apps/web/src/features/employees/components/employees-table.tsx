import type { Employee, EmployeeSortingKey, EmployeeTableView } from '@equip/domain/employees';
import { selectionState } from '@equip/domain/selection';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ColumnDef,
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { CircleAlert, Laptop, SearchX, UserMinus, UserPlus, Users } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useAppDispatch } from '@/lib/store';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { EmptyState } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { nextSortDirection, Pagination, SortableTh, Table, TableFrame, TableHead, Td, Th } from '@/ui/table';
import {
  EMPLOYEES_PAGE_SIZE,
  getEmployeesQueryOptions,
  toFilterQuery,
  useEmployees,
} from '../api/get-employees';
import { selectEmployee } from '../employees-slice';
import {
  deselectAll,
  hasDefaultFilters,
  selectAll,
  selectAllMatching,
  toggleRowSelection,
} from '../employees-table-slice';
import { formatDate, fullName, USER_SOURCE_LABELS } from '../lib/format';
import { useEmployeeColumns } from '../lib/use-employee-columns';
import { useEmployeesTable } from '../lib/use-employees-table';
import { AddEmployeesActions } from './add-employees-actions';
import { ColumnSettings } from './column-settings';
import { EmployeeAvatar } from './employee-avatar';
import { EmployeeStatusBadge } from './employee-status-badge';
import { EmployeesFilters } from './employees-filters';
import { SelectionBar } from './selection-bar';

const column = createColumnHelper<Employee>();

function Muted({ children }: { children: string }) {
  return <span className="text-slate-400">{children}</span>;
}

/** One line; the full text in a tooltip when it is cut. */
function Truncated({ text, empty }: { text: string | null; empty: string }) {
  if (!text) return <Muted>{empty}</Muted>;
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

const COLUMNS = {
  name: column.accessor((e) => fullName(e), {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <div className="flex min-w-0 items-center gap-3">
        <EmployeeAvatar person={row.original} />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{fullName(row.original)}</p>
          <p className="truncate text-xs text-slate-500">{row.original.email}</p>
        </div>
      </div>
    ),
  }),
  department: column.accessor('department', {
    header: 'Department',
    cell: ({ row }) =>
      row.original.department || row.original.position ? (
        <div className="min-w-0">
          <p className="truncate">{row.original.department ?? '—'}</p>
          {row.original.position ? (
            <p className="truncate text-xs text-slate-500">{row.original.position}</p>
          ) : null}
        </div>
      ) : (
        <Muted>—</Muted>
      ),
  }),
  startDate: column.accessor('startDate', {
    header: 'Start date',
    cell: (info) => formatDate(info.getValue()) || <Muted>—</Muted>,
  }),
  lastDate: column.accessor('lastDate', {
    header: 'Last day',
    cell: (info) => formatDate(info.getValue()) || <Muted>—</Muted>,
  }),
  employeeStatus: column.accessor('employeeStatus', {
    header: 'Status',
    cell: (info) => <EmployeeStatusBadge status={info.getValue()} />,
  }),
  devicesAssigned: column.accessor('devicesAssigned', {
    header: 'Devices',
    cell: (info) => (
      <span
        className={cn(
          'inline-flex items-center gap-1.5 tabular-nums',
          info.getValue() === 0 && 'text-slate-400',
        )}
      >
        <Laptop aria-hidden="true" className="size-4 text-slate-400" />
        {info.getValue()}
      </span>
    ),
  }),
  assignedBundle: column.accessor((e) => e.assignedBundle?.name ?? null, {
    id: 'assignedBundle',
    header: 'Bundle',
    cell: (info) => <Truncated text={info.getValue()} empty="No bundle" />,
  }),
  license: column.accessor('license', {
    header: 'License',
    cell: (info) => <Truncated text={info.getValue()} empty="—" />,
  }),
  source: column.accessor('source', {
    header: 'Source',
    cell: (info) => USER_SOURCE_LABELS[info.getValue()],
  }),
} satisfies Record<string, ColumnDef<Employee, never>>;

type ColumnId = keyof typeof COLUMNS;

const VIEW_COLUMNS: Record<EmployeeTableView, ColumnId[]> = {
  all: [
    'name',
    'department',
    'startDate',
    'employeeStatus',
    'devicesAssigned',
    'assignedBundle',
    'license',
    'source',
  ],
  onboarding: ['name', 'department', 'startDate', 'employeeStatus', 'devicesAssigned', 'assignedBundle'],
  offboarding: ['name', 'department', 'lastDate', 'employeeStatus', 'devicesAssigned', 'assignedBundle'],
};

/** Columns the server can sort by, and the key it knows them by. */
const SORT_KEYS: Partial<Record<ColumnId, EmployeeSortingKey>> = {
  name: 'name',
  department: 'department',
  startDate: 'startDate',
  lastDate: 'lastDate',
  employeeStatus: 'employeeStatus',
  devicesAssigned: 'devicesAssigned',
  assignedBundle: 'assignedBundle',
  source: 'source',
};

const COLUMN_WIDTHS: Partial<Record<ColumnId, string>> = {
  name: 'min-w-48 max-w-56',
  department: 'max-w-40',
  startDate: 'w-28',
  lastDate: 'w-28',
  employeeStatus: 'w-28',
  devicesAssigned: 'w-20',
  assignedBundle: 'max-w-28',
  license: 'max-w-32',
  source: 'w-24',
};

const EMPTY_VIEW: Record<EmployeeTableView, { icon: typeof Users; title: string; description: string }> = {
  all: {
    icon: Users,
    title: 'No employees yet',
    description: 'Add the people of your organisation one by one or import them from a CSV file.',
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

function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 10 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
    <tr key={row}>
      <Td className="w-10">
        <Skeleton className="size-4" />
      </Td>
      <Td>
        <div className="flex items-center gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="space-y-1.5">
            <Skeleton className="h-3 w-32" />
            <Skeleton className="h-2.5 w-44" />
          </div>
        </div>
      </Td>
      {Array.from({ length: columns - 2 }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Td key={cell}>
          <Skeleton className="h-3 w-20" />
        </Td>
      ))}
    </tr>
  ));
}

/**
 * The employees table of one view: filters, sortable headers, row selection, server paging
 * (50 rows a page, the previous page stays while the next loads) and the bulk-action bar.
 */
export function EmployeesTable({ view }: { view: EmployeeTableView }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const table = useEmployeesTable(view);
  const { state, url } = table;
  const columnsConfig = useEmployeeColumns();

  const filter = useMemo(() => toFilterQuery(view, url.filters, url.sorting), [view, url]);
  const params = useMemo(
    () => ({ filter, skip: url.page * EMPLOYEES_PAGE_SIZE, take: EMPLOYEES_PAGE_SIZE }),
    [filter, url.page],
  );
  const query = useEmployees(params);
  const page = query.data;
  const rows = page?.items ?? [];
  const total = page?.total ?? 0;

  // Prefetch the next page so paging forward is instant.
  useEffect(() => {
    if (!page || query.isPlaceholderData || params.skip + params.take >= page.total) return;
    void queryClient.prefetchQuery(getEmployeesQueryOptions({ ...params, skip: params.skip + params.take }));
  }, [page, params, query.isPlaceholderData, queryClient]);

  // A page past the end (rows were deleted, or a shared link is stale) falls back to the last one.
  const { setPage } = table;
  useEffect(() => {
    if (page && !query.isPlaceholderData && page.total > 0 && params.skip >= page.total) {
      setPage(Math.max(0, Math.ceil(page.total / EMPLOYEES_PAGE_SIZE) - 1));
    }
  }, [page, params.skip, query.isPlaceholderData, setPage]);

  const columnVisibility = useMemo<VisibilityState>(() => {
    if (view !== 'all') return {};
    return Object.fromEntries(
      (['employeeStatus', 'devicesAssigned', 'assignedBundle', 'license', 'source'] as const).map((key) => [
        key,
        columnsConfig.visible.includes(key),
      ]),
    );
  }, [columnsConfig.visible, view]);

  const columns = useMemo(() => VIEW_COLUMNS[view].map((id) => COLUMNS[id] as ColumnDef<Employee>), [view]);
  const model = useReactTable({
    data: rows,
    columns,
    state: { columnVisibility },
    getRowId: (employee) => employee.uuid,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
  });

  const selected = useMemo(() => new Set(state.selectedIds), [state.selectedIds]);
  const pageIds = useMemo(() => rows.map((e) => e.uuid), [rows]);
  const headerState =
    state.allMatchingSelected && pageIds.length > 0 ? 'All' : selectionState(pageIds, selected);
  const isSelected = (id: string) => state.allMatchingSelected || selected.has(id);

  function toggleHeader() {
    if (state.allMatchingSelected) dispatch(deselectAll({ view }));
    else if (headerState === 'All') dispatch(deselectAll({ view, ids: pageIds }));
    else dispatch(selectAll({ view, ids: pageIds }));
  }

  function toggleRow(id: string) {
    if (state.allMatchingSelected) {
      // Leaving "all matching": keep this page selected, minus the row.
      dispatch(deselectAll({ view }));
      dispatch(selectAll({ view, ids: pageIds.filter((other) => other !== id) }));
    } else {
      dispatch(toggleRowSelection({ view, id }));
    }
  }

  function sortBy(columnId: ColumnId) {
    const key = SORT_KEYS[columnId];
    if (!key) return;
    const direction = state.sorting.key === key ? nextSortDirection(state.sorting.direction) : 'asc';
    table.setSorting({ key: direction ? key : null, direction });
  }

  // Keyboard: one row is in the tab order; arrows move between rows, Enter opens, Space selects.
  const [activeRow, setActiveRow] = useState(0);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter starts at its first row.
  useEffect(() => setActiveRow(0), [params]);
  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, employee: Employee) {
    if (event.target !== event.currentTarget) return;
    const focusRow = (next: number) => {
      const rowsEls = bodyRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]');
      const target = rowsEls?.[Math.max(0, Math.min(next, (rowsEls?.length ?? 1) - 1))];
      target?.focus();
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      dispatch(selectEmployee(employee.uuid));
    } else if (event.key === ' ') {
      event.preventDefault();
      toggleRow(employee.uuid);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusRow(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusRow(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusRow(rows.length - 1);
    }
  }

  const isDefaultFilters = hasDefaultFilters(view, url.filters);
  const visibleColumnCount = model.getVisibleLeafColumns().length + 1;
  const empty = EMPTY_VIEW[view];
  const pageFullySelected = headerState === 'All';

  let body: ReactNode;
  if (query.isPending) {
    body = <SkeletonRows columns={visibleColumnCount} />;
  } else if (query.isError && !page) {
    body = (
      <tr>
        <td colSpan={visibleColumnCount} className="p-6">
          <EmptyState
            icon={CircleAlert}
            title="Could not load employees"
            description={query.error.message}
            className="border-none"
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={visibleColumnCount} className="p-6">
          {isDefaultFilters ? (
            <EmptyState
              icon={empty.icon}
              title={empty.title}
              description={empty.description}
              className="border-none"
              action={view === 'all' ? <AddEmployeesActions /> : undefined}
            />
          ) : (
            <EmptyState
              icon={SearchX}
              title="No employees match these filters"
              description="Try other words or fewer filters."
              className="border-none"
              action={
                <Button variant="secondary" onClick={table.resetFilters}>
                  Reset filters
                </Button>
              }
            />
          )}
        </td>
      </tr>
    );
  } else {
    body = model.getRowModel().rows.map((row, index) => {
      const employee = row.original;
      const checked = isSelected(employee.uuid);
      return (
        <tr
          key={row.id}
          data-row
          aria-rowindex={params.skip + index + 2}
          data-state={checked ? 'selected' : undefined}
          tabIndex={index === activeRow ? 0 : -1}
          onFocus={() => setActiveRow(index)}
          onClick={() => dispatch(selectEmployee(employee.uuid))}
          onKeyDown={(event) => onRowKeyDown(event, index, employee)}
          className={cn(
            'cursor-pointer transition-colors hover:bg-slate-50 focus-visible:bg-indigo-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
            checked && 'bg-indigo-50/50 hover:bg-indigo-50',
          )}
        >
          <Td className="w-10 pr-0" onClick={(event) => event.stopPropagation()}>
            <Checkbox
              checked={checked}
              tabIndex={-1}
              label={`Select ${fullName(employee)}`}
              onChange={() => toggleRow(employee.uuid)}
            />
          </Td>
          {row.getVisibleCells().map((cell) => (
            <Td key={cell.id} className={cn('whitespace-nowrap', COLUMN_WIDTHS[cell.column.id as ColumnId])}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Td>
          ))}
        </tr>
      );
    });
  }

  return (
    <div className="space-y-3">
      <EmployeesFilters
        view={view}
        filters={state.filters}
        isDefault={hasDefaultFilters(view, state.filters)}
        onFilter={table.setFilter}
        onReset={table.resetFilters}
        trailing={
          view === 'all' ? (
            <ColumnSettings
              visible={columnsConfig.visible}
              onToggle={columnsConfig.toggle}
              onResetColumns={columnsConfig.reset}
              onClearTableState={table.clearAll}
            />
          ) : undefined
        }
      />
      <TableFrame
        className="max-h-[calc(100vh-19rem)] min-h-[20rem]"
        aria-busy={query.isFetching || undefined}
      >
        {query.isPending ? (
          <span role="status" className="sr-only">
            Loading employees…
          </span>
        ) : null}
        {query.isFetching && !query.isPending ? (
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 z-20 h-0.5 animate-pulse bg-indigo-500"
          />
        ) : null}
        <Table
          aria-label="Employees"
          aria-describedby="employees-table-hint"
          aria-rowcount={page ? total + 1 : undefined}
        >
          <TableHead>
            {model.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                <Th className="w-10 pr-0">
                  <Checkbox
                    checked={
                      headerState === 'All' ? true : headerState === 'Partial' ? 'indeterminate' : false
                    }
                    disabled={rows.length === 0}
                    label={
                      headerState === 'All'
                        ? 'Deselect all rows on this page'
                        : 'Select all rows on this page'
                    }
                    onChange={toggleHeader}
                  />
                </Th>
                {group.headers.map((header) => {
                  const id = header.column.id as ColumnId;
                  const key = SORT_KEYS[id];
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  if (!key) {
                    return (
                      <Th key={header.id} className={COLUMN_WIDTHS[id]}>
                        {content}
                      </Th>
                    );
                  }
                  return (
                    <SortableTh
                      key={header.id}
                      className={COLUMN_WIDTHS[id]}
                      direction={state.sorting.key === key ? state.sorting.direction : null}
                      onSort={() => sortBy(id)}
                    >
                      {content}
                    </SortableTh>
                  );
                })}
              </tr>
            ))}
          </TableHead>
          <tbody ref={bodyRef} className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {body}
          </tbody>
        </Table>
      </TableFrame>
      <p id="employees-table-hint" className="sr-only">
        Use the arrow keys to move between rows, Enter to open a person's details and Space to select them.
      </p>
      {query.isPending ? (
        <div className="h-8" aria-hidden="true" />
      ) : (
        <Pagination
          label="Employees pages"
          page={url.page}
          pageSize={EMPLOYEES_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
        />
      )}
      <SelectionBar
        selectedIds={state.selectedIds}
        allMatchingSelected={state.allMatchingSelected}
        total={total}
        canSelectAllMatching={pageFullySelected && total > rows.length}
        pageSize={EMPLOYEES_PAGE_SIZE}
        filter={filter}
        onSelectAllMatching={() => dispatch(selectAllMatching({ view, pageIds }))}
        onClear={() => dispatch(deselectAll({ view }))}
      />
    </div>
  );
}
