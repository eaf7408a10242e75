import type { SelectionState } from '@equip/domain/selection';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { WifiOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { connectivity } from '@/lib/connectivity';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import type { EmptyStateProps } from '../empty-state';
import {
  nextSortDirection,
  Pagination,
  type SkeletonCell,
  SortableTh,
  type SortDirection,
  Table,
  TableErrorRow,
  TableFrame,
  TableHead,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '../table';

/**
 * The table of a list screen: TanStack Table rendering with sortable headers, row selection,
 * placeholder, error and empty rows, keyboard navigation and server paging. It shows what it is given;
 * `useListTable` (`lib/list-state`) holds the state. A devices list:
 *
 * ```tsx
 * const column = createColumnHelper<Device>();
 * export const DEVICE_COLUMNS = [
 *   column.accessor('name', { header: 'Name', meta: { sortKey: 'name', className: 'min-w-48' } }),
 *   column.accessor('status', { header: 'Status', cell: (info) => <DeviceStatusBadge status={info.getValue()} /> }),
 * ];
 *
 * <DataTable
 *   {...table.tableProps} // rows, sorting, status, position, count and paging (useListTable)
 *   label="Devices"
 *   columns={DEVICE_COLUMNS}
 *   columnVisibility={columns.visibility}
 *   selection={{ ...table.selection, rowLabel: (device) => `Select ${device.name}` }}
 *   messages={{ loading: 'Loading devices…', error: 'Could not load devices' }}
 *   empty={{ icon: Laptop, title: 'No devices yet', description: '…' }}
 *   onOpenRow={(device) => openDevice(device.uuid)}
 * />
 * ```
 */

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The key the API sorts this column by; the header then sorts on click. */
    sortKey?: string;
    /** Classes of the column's cells and header (width, truncation). */
    className?: string;
    /** What the column's placeholder cell looks like while rows load (`text` by default). */
    skeleton?: SkeletonCell;
  }
}

export interface DataTableSelection<T> {
  /** The header checkbox: none, some or all of the page's rows selected. */
  header: SelectionState;
  isSelected: (id: string) => boolean;
  onToggleRow: (id: string) => void;
  onTogglePage: () => void;
  /** The accessible name of a row's checkbox ("Select Ada Lovelace"). */
  rowLabel: (row: T) => string;
}

/** Where the rows are: loading, refreshing, failed (TanStack Query's result fits). */
export interface DataTableStatus {
  isPending: boolean;
  isFetching: boolean;
  /** `paused`: waiting for Equip to be reachable again (lib/connectivity.ts). */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  isPlaceholderData: boolean;
  isError: boolean;
  error: Error | null;
  /** The last answer, if any: while there is one, a failed refresh keeps its rows. */
  data: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T> {
  /** The table's accessible name ("Employees"). */
  label: string;
  /** The columns of the view, in order; `meta` says how each sorts, is sized and loads. */
  // biome-ignore lint/suspicious/noExplicitAny: columns of one table have different value types.
  columns: readonly ColumnDef<T, any>[];
  /** Columns shown or hidden by id (a list's column preferences). */
  columnVisibility?: VisibilityState;
  rows: readonly T[];
  getRowId: (row: T) => string;
  sorting: { key: string | null; direction: SortDirection };
  onSortingChange: (sorting: { key: string | null; direction: SortDirection }) => void;
  /** Checkboxes per row and for the page; none without it. */
  selection?: DataTableSelection<T>;
  status: DataTableStatus;
  messages: { loading: string; error: string };
  /** What shows instead of rows when there are none (a reset when filters are on, an invitation when not). */
  empty: EmptyStateProps;
  /** The 0-based position of the first row in the whole list, and how many rows there are. */
  firstRowIndex: number;
  total: number | undefined;
  pagination: { page: number; pageSize: number; onPageChange: (page: number) => void; label?: string };
  /** Click or Enter on a row (open its details). */
  onOpenRow?: (row: T) => void;
  /** How to use the rows from the keyboard, read with the table. */
  keyboardHint?: string;
  /** Classes of the scrolling frame (its height). */
  className?: string;
}

export function DataTable<T>({
  label,
  columns,
  columnVisibility,
  rows,
  getRowId,
  sorting,
  onSortingChange,
  selection,
  status,
  messages,
  empty,
  firstRowIndex,
  total,
  pagination,
  onOpenRow,
  keyboardHint: keyboardHintProp,
  className,
}: DataTableProps<T>) {
  const { t } = useLingui();
  const keyboardHint =
    keyboardHintProp ??
    t`Use the arrow keys to move between rows, Enter to open a row and Space to select it.`;
  const hintId = useId();
  const model = useReactTable<T>({
    data: rows as T[],
    columns: columns as ColumnDef<T, unknown>[],
    state: columnVisibility ? { columnVisibility } : {},
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
  });

  // Keyboard: one row is in the tab order; arrows move between rows, Enter opens, Space selects.
  const [activeRow, setActiveRow] = useState(0);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another page or filter starts at its first row.
  useEffect(() => setActiveRow(0), [firstRowIndex, rows]);
  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) {
    if (event.target !== event.currentTarget) return;
    const focusRow = (next: number) => {
      const rowElements = bodyRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]');
      const last = (rowElements?.length ?? 1) - 1;
      rowElements?.[Math.max(0, Math.min(next, last))]?.focus();
    };
    const key = event.key;
    if (!['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)) return;
    event.preventDefault();
    if (key === 'Enter') onOpenRow?.(row);
    else if (key === ' ') selection?.onToggleRow(getRowId(row));
    else if (key === 'ArrowDown') focusRow(index + 1);
    else if (key === 'ArrowUp') focusRow(index - 1);
    else if (key === 'Home') focusRow(0);
    else focusRow(rows.length - 1);
  }

  const leafColumns = model.getVisibleLeafColumns();
  const columnCount = leafColumns.length + (selection ? 1 : 0);

  const waitingForConnection = status.isPending && status.fetchStatus === 'paused';
  let body: ReactNode;
  if (waitingForConnection) {
    body = (
      <TableMessageRow
        colSpan={columnCount}
        icon={WifiOff}
        title={t`Waiting for the connection`}
        description={t`Equip cannot be reached right now. The rows load by themselves as soon as it answers again.`}
        action={
          <Button variant="secondary" size="sm" onClick={() => void connectivity.checkNow()}>
            <Trans>Try again</Trans>
          </Button>
        }
      />
    );
  } else if (status.isPending) {
    const cells = leafColumns.map((column) => column.columnDef.meta?.skeleton ?? 'text');
    body = <TableSkeletonRows rows={10} cells={selection ? ['checkbox', ...cells] : cells} />;
  } else if (status.isError && status.error && status.data === undefined) {
    body = (
      <TableErrorRow
        colSpan={columnCount}
        title={messages.error}
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = <TableMessageRow colSpan={columnCount} {...empty} />;
  } else {
    body = model.getRowModel().rows.map((row, index) => {
      const checked = selection?.isSelected(row.id) ?? false;
      return (
        <tr
          key={row.id}
          data-row
          aria-rowindex={firstRowIndex + index + 2}
          data-state={checked ? 'selected' : undefined}
          tabIndex={index === activeRow ? 0 : -1}
          onFocus={() => setActiveRow(index)}
          onClick={onOpenRow ? () => onOpenRow(row.original) : undefined}
          onKeyDown={(event) => onRowKeyDown(event, index, row.original)}
          className={cn(
            'transition-colors hover:bg-slate-50 focus-visible:bg-indigo-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
            onOpenRow && 'cursor-pointer',
            checked && 'bg-indigo-50/50 hover:bg-indigo-50',
          )}
        >
          {selection ? (
            <Td className="w-10 pr-0" onClick={(event) => event.stopPropagation()}>
              <Checkbox
                checked={checked}
                tabIndex={-1}
                label={selection.rowLabel(row.original)}
                onChange={() => selection.onToggleRow(row.id)}
              />
            </Td>
          ) : null}
          {row.getVisibleCells().map((cell) => (
            <Td key={cell.id} className={cn('whitespace-nowrap', cell.column.columnDef.meta?.className)}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Td>
          ))}
        </tr>
      );
    });
  }

  return (
    <>
      <TableFrame
        className={className}
        loadingLabel={status.isPending && !waitingForConnection ? messages.loading : undefined}
        aria-busy={status.isFetching || undefined}
      >
        {status.isFetching && !status.isPending ? (
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 z-20 h-0.5 animate-pulse bg-indigo-500"
          />
        ) : null}
        <Table
          aria-label={label}
          aria-describedby={onOpenRow || selection ? hintId : undefined}
          aria-rowcount={total === undefined || status.isPending ? undefined : total + 1}
        >
          <TableHead>
            {model.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {selection ? (
                  <Th className="w-10 pr-0">
                    <Checkbox
                      checked={
                        selection.header === 'All'
                          ? true
                          : selection.header === 'Partial'
                            ? 'indeterminate'
                            : false
                      }
                      disabled={rows.length === 0}
                      label={
                        selection.header === 'All'
                          ? t`Deselect all rows on this page`
                          : t`Select all rows on this page`
                      }
                      onChange={selection.onTogglePage}
                    />
                  </Th>
                ) : null}
                {group.headers.map((header) => {
                  const { sortKey, className: columnClass } = header.column.columnDef.meta ?? {};
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  if (!sortKey) {
                    return (
                      <Th key={header.id} className={columnClass}>
                        {content}
                      </Th>
                    );
                  }
                  const direction = sorting.key === sortKey ? sorting.direction : null;
                  return (
                    <SortableTh
                      key={header.id}
                      className={columnClass}
                      direction={direction}
                      onSort={() => {
                        const next = sorting.key === sortKey ? nextSortDirection(direction) : 'asc';
                        onSortingChange({ key: next ? sortKey : null, direction: next });
                      }}
                    >
                      {content}
                    </SortableTh>
                  );
                })}
              </tr>
            ))}
          </TableHead>
          <tbody ref={bodyRef} className={cn(status.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {body}
          </tbody>
        </Table>
      </TableFrame>
      {onOpenRow || selection ? (
        <p id={hintId} className="sr-only">
          {keyboardHint}
        </p>
      ) : null}
      {status.isPending ? (
        <div className="h-8" aria-hidden="true" />
      ) : (
        <Pagination
          label={pagination.label}
          page={pagination.page}
          pageSize={pagination.pageSize}
          total={total ?? 0}
          onPageChange={pagination.onPageChange}
        />
      )}
    </>
  );
}
