import type { SelectionState } from '@equip/domain/selection';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type HeaderContext,
  type RowData,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { Columns3, WifiOff } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { cn } from '@/lib/cn';
import { connectivity } from '@/lib/connectivity';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import type { EmptyStateProps } from '../empty-state';
import { Menu, MenuItem, MenuLabel } from '../multi-select';
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
import { type ColumnFit, type FitCandidate, hidingOrder, nextHidden, useColumnFit } from './column-fit';

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
 * The table fits its frame at every width and in every language: the first column (the name) sticks at
 * the start and a column with the id `actions` (the row actions) at the end; a cell longer than its
 * column's `meta.maxWidth` (16rem by default) is cut with an ellipsis and shows its text on hover; and
 * while the table is wider than its frame, the other columns hide, lowest `meta.priority` first (by
 * default the later ones), offered in the column picker (`fit`, shared with `ColumnMenu`) or, without
 * one, in the table's own "more columns" menu.
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
    /**
     * How long the column stays when the table is too wide for its frame: lower hides first. By default
     * the later a column, the lower. The first column and `actions` never hide.
     */
    priority?: number;
    /** The widest a cell grows before its text is cut (a CSS length; `16rem` by default). */
    maxWidth?: string;
  }
}

/** The id of the row actions' column: it sticks to the table's end and never hides. */
export const ACTIONS_COLUMN_ID = 'actions';
const DEFAULT_MAX_WIDTH = '16rem';
/**
 * Rows shown until the columns have been fitted to the frame once: enough to measure the columns by,
 * few enough that a phone's first layout is not every column of a whole page (thousands of cells laid
 * out and then mostly hidden; bench/lighthouse.mjs). The rest follow in steps (ROWS_PER_STEP).
 */
const FIT_SAMPLE_ROWS = 8;
/**
 * After the fit, the rest of the first page follows this many rows at a time, each step a task of its
 * own: one commit of a whole page's rows was the longest task of a list's first load on a phone
 * (bench/lighthouse.mjs); a step's is short enough that input and paint never wait long.
 */
const ROWS_PER_STEP = 14;
/** Below this window width (px) the table starts with only the columns that never hide. */
const NARROW_SCREEN_WIDTH = 640;

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
  /**
   * Which columns are hidden for lack of room (`useColumnFit`), shared with the list's `ColumnMenu` so
   * it offers them; the table keeps its own and offers them itself when none is given.
   */
  fit?: ColumnFit;
}

/** The header of a column as its picker names it. */
function headerText<T>(header: ColumnDef<T, unknown>['header']): ReactNode {
  return typeof header === 'function' ? header({} as HeaderContext<T, unknown>) : header;
}

/** Gives a cut text its whole text as a tooltip while the pointer is on it. */
function titleCutText(event: PointerEvent<HTMLElement>) {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
  if (!cell) return;
  for (const element of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
    const cut = element.scrollWidth > element.clientWidth + 1;
    if (cut && !element.title) {
      element.title = element.textContent ?? '';
      element.dataset.cutTitle = '';
    } else if (!cut && element.dataset.cutTitle !== undefined) {
      element.removeAttribute('title');
      delete element.dataset.cutTitle;
    }
  }
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
  fit: sharedFit,
}: DataTableProps<T>) {
  const { t, i18n } = useLingui();
  const keyboardHint =
    keyboardHintProp ??
    t`Use the arrow keys to move between rows, Enter to open a row and Space to select it.`;
  const hintId = useId();
  const ownFit = useColumnFit();
  const fit = sharedFit ?? ownFit;
  // The columns the person shows, in order; the first and the actions stay, the others may hide.
  const shown = (columns as ColumnDef<T, unknown>[])
    .map((definition, index) => ({ definition, index, id: columnId(definition, index) }))
    .filter(({ id }) => columnVisibility?.[id] !== false);
  const candidates: FitCandidate[] = shown
    .filter(({ id }, position) => position > 0 && id !== ACTIONS_COLUMN_ID)
    .map(({ definition, id, index }) => ({ id, priority: definition.meta?.priority ?? -index }));
  const order = hidingOrder(candidates, fit.preferred);
  const shownKey = shown.map(({ id }) => id).join();
  // On a phone-sized screen the table starts with the columns that always show, and the first measure
  // brings back those that fit: laying out every column to hide most of them cost the phone's first
  // load hundreds of milliseconds (bench/lighthouse.mjs).
  const [startsNarrow, setStartsNarrow] = useState(
    () => typeof window !== 'undefined' && window.innerWidth < NARROW_SCREEN_WIDTH,
  );
  const hidden = startsNarrow ? order : fit.hidden;
  const visibility: VisibilityState = {
    ...columnVisibility,
    ...Object.fromEntries(hidden.map((id) => [id, false])),
  };
  // What the body shows (rows, placeholder, error) renders in the background, a transition: React
  // slices the work of a page of rows into short tasks, the browser's turn between them, instead of one
  // long task (Lighthouse's total blocking time; bench/lighthouse.mjs). The body shown so far stays
  // until then; the header, frame and paging follow at once.
  const current = useMemo(
    () => ({
      rows,
      isPending: status.isPending,
      paused: status.fetchStatus === 'paused',
      error: status.isError && status.data === undefined ? status.error : null,
    }),
    [rows, status.isPending, status.fetchStatus, status.isError, status.data, status.error],
  );
  const shownBody = useDeferredValue(current);
  // Until the first fit, a sample of the rows (FIT_SAMPLE_ROWS); then the rest, in the background, a
  // step at a time (ROWS_PER_STEP), or at once where nothing is laid out. A later page no longer than
  // the rows shown so far shows at once.
  const [fitted, setFitted] = useState(false);
  const [revealed, setRevealed] = useState(FIT_SAMPLE_ROWS);
  const markFitted = ({ laidOut }: { laidOut: boolean }) => {
    if (fitted) return;
    startTransition(() => {
      setFitted(true);
      if (!laidOut) setRevealed(Number.POSITIVE_INFINITY);
    });
  };
  const revealing = fitted && revealed < shownBody.rows.length;
  /** Every row of the page shows: the columns are fitted again to them, once. */
  const wholePageShown = fitted && !revealing;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step shown schedules the next (`revealed`).
  useEffect(() => {
    if (!revealing) return;
    const step = setTimeout(() => startTransition(() => setRevealed((count) => count + ROWS_PER_STEP)));
    return () => clearTimeout(step);
  }, [revealing, revealed]);
  const shownCount = fitted ? revealed : FIT_SAMPLE_ROWS;
  const modelRows = useMemo(
    () => (shownBody.rows.length > shownCount ? shownBody.rows.slice(0, shownCount) : shownBody.rows),
    [shownCount, shownBody.rows],
  );
  const model = useReactTable<T>({
    data: modelRows as T[],
    columns: columns as ColumnDef<T, unknown>[],
    state: { columnVisibility: visibility },
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
  useEffect(() => setActiveRow(0), [firstRowIndex, shownBody.rows]);
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
    else focusRow(shownBody.rows.length - 1);
  }

  // Fit the frame: after a layout that can change the table's width (other rows, columns, language or
  // frame size), hide columns while the table overflows, or bring the most important hidden one back
  // when its room is free (column-fit.ts). Not after every render: each measure forces a layout of
  // every row, and selecting or focusing a row changes no width.
  const frameRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const widths = useRef<Record<string, number>>({});
  const [frameWidth, setFrameWidth] = useState(0);
  /** The frame's width at the last measure: a resize to it (the observer's first report) needs none. */
  const measuredFrameWidth = useRef<number | null>(null);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width !== measuredFrameWidth.current) setFrameWidth(width);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  // The measure waits for the next frame's start (before it is painted, so no frame shows a table that
  // does not fit), not the commit: read during the commit, the widths force the new rows' style and
  // layout in the middle of React's work, one long task with the commit (and under DevTools' or
  // Lighthouse's tracing, a stack trace per laid-out element; bench/lighthouse.mjs). A change it makes is
  // committed at once (flushSync), still before that paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what changes the table's width (above, and the whole page once it shows); `order` follows from the columns and `fit.preferred`.
  useLayoutEffect(() => {
    const measure = () => {
      const frame = frameRef.current;
      const table = tableRef.current;
      if (!frame || !table) return;
      // Without a layout (hidden, or a test's DOM) there is nothing to fit: every row shows.
      if (frame.clientWidth === 0) return markFitted({ laidOut: false });
      measuredFrameWidth.current = frame.clientWidth;
      for (const th of table.querySelectorAll<HTMLElement>('thead th[data-column]')) {
        widths.current[th.dataset.column!] = th.offsetWidth;
      }
      const overflow = frame.scrollWidth - frame.clientWidth;
      let room = 0;
      if (overflow <= 0 && hidden.length > 0) {
        table.style.width = 'max-content';
        room = frame.clientWidth - table.offsetWidth;
        table.style.width = '';
      }
      const next = nextHidden({ order, hidden, overflow, room, widths: widths.current });
      if (next.join() !== hidden.join())
        flushSync(() => {
          setStartsNarrow(false);
          fit.setHidden(next);
        });
      else {
        // A phone's start in the columns that never hide, when no other fits: it ends without another
        // render and measure of the same columns (a frame's forced layout less on the first load).
        if (startsNarrow) {
          setStartsNarrow(false);
          fit.setHidden(next);
        }
        // Fitted once the columns stay as they are with rows to measure (not a skeleton or an empty list).
        if (shownBody.rows.length > 0) markFitted({ laidOut: true });
      }
    };
    const frameRequest = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frameRequest);
  }, [shownBody, wholePageShown, shownKey, hidden.join(), fit.preferred, frameWidth, i18n.locale]);

  const leafColumns = model.getVisibleLeafColumns();
  const firstColumnId = leafColumns[0]?.id;
  /** The classes that keep the first column and the row actions in view while the rest scrolls. */
  const stickyClasses = (id: string) =>
    id === firstColumnId
      ? cn('sticky z-[2] shadow-[inset_-1px_0_0_var(--color-slate-200)]', selection ? 'left-10' : 'left-0')
      : id === ACTIONS_COLUMN_ID
        ? 'sticky right-0 z-[2] shadow-[inset_1px_0_0_var(--color-slate-200)]'
        : undefined;
  const hiddenForRoom = hidden
    .map((id) => shown.find((column) => column.id === id))
    .filter((column) => column !== undefined);
  const columnCount = leafColumns.length + (selection ? 1 : 0);

  const waitingForConnection = shownBody.isPending && shownBody.paused;
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
  } else if (shownBody.isPending) {
    const cells = leafColumns.map((column) => column.columnDef.meta?.skeleton ?? 'text');
    body = <TableSkeletonRows rows={10} cells={selection ? ['checkbox', ...cells] : cells} />;
  } else if (shownBody.error) {
    body = (
      <TableErrorRow
        colSpan={columnCount}
        title={messages.error}
        error={shownBody.error}
        onRetry={() => void status.refetch()}
      />
    );
  } else if (shownBody.rows.length === 0) {
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
            // Cells carry the row's colour: the sticky ones must hide what scrolls under them.
            '[&>td]:bg-white [&>td]:transition-colors hover:[&>td]:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 focus-visible:[&>td]:bg-indigo-50',
            onOpenRow && 'cursor-pointer',
            checked && '[&>td]:bg-indigo-50 hover:[&>td]:bg-indigo-100/70',
          )}
        >
          {selection ? (
            <Td className="sticky left-0 z-[2] w-10 pr-0" onClick={(event) => event.stopPropagation()}>
              <Checkbox
                checked={checked}
                tabIndex={-1}
                label={selection.rowLabel(row.original)}
                onChange={() => selection.onToggleRow(row.id)}
              />
            </Td>
          ) : null}
          {row.getVisibleCells().map((cell) => {
            const meta = cell.column.columnDef.meta;
            const content = flexRender(cell.column.columnDef.cell, cell.getContext());
            return (
              <Td
                key={cell.id}
                className={cn('whitespace-nowrap', stickyClasses(cell.column.id), meta?.className)}
              >
                {cell.column.id === ACTIONS_COLUMN_ID ? (
                  content
                ) : (
                  <div
                    data-cell
                    className="truncate"
                    style={{ maxWidth: meta?.maxWidth ?? DEFAULT_MAX_WIDTH }}
                  >
                    {content}
                  </div>
                )}
              </Td>
            );
          })}
        </tr>
      );
    });
  }

  return (
    <>
      <TableFrame
        ref={frameRef}
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
        {hiddenForRoom.length > 0 && !sharedFit ? (
          // Over the header row's end, staying there while the rows scroll.
          <div className="sticky top-0 z-20 h-0">
            <div className="absolute top-0 right-0 flex h-10 items-center bg-slate-50 pr-1.5 pl-1">
              <Menu
                align="end"
                trigger={
                  <button
                    type="button"
                    className="inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-semibold text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <Columns3 aria-hidden="true" className="size-3.5" />
                    {plural(hiddenForRoom.length, { one: '# more column', other: '# more columns' })}
                  </button>
                }
              >
                <MenuLabel>
                  <Trans>Not enough room to show</Trans>
                </MenuLabel>
                {hiddenForRoom.map((column) => (
                  <MenuItem key={column.id} onSelect={() => fit.show(column.id)}>
                    {headerText(column.definition.header)}
                  </MenuItem>
                ))}
              </Menu>
            </div>
          </div>
        ) : null}
        <Table
          ref={tableRef}
          aria-label={label}
          aria-describedby={onOpenRow || selection ? hintId : undefined}
          aria-rowcount={total === undefined || status.isPending ? undefined : total + 1}
        >
          <TableHead>
            {model.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {selection ? (
                  <Th className="sticky left-0 z-[2] w-10 pr-0">
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
                  const { sortKey, className } = header.column.columnDef.meta ?? {};
                  const id = header.column.id;
                  const last = id === leafColumns[leafColumns.length - 1]?.id;
                  const columnClass = cn(
                    stickyClasses(id),
                    className,
                    last && hiddenForRoom.length > 0 && !sharedFit && 'pr-32',
                  );
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  const attributes = {
                    'data-column': id,
                    'data-actions': id === ACTIONS_COLUMN_ID || undefined,
                  };
                  if (!sortKey) {
                    return (
                      <Th key={header.id} className={columnClass} {...attributes}>
                        {content}
                      </Th>
                    );
                  }
                  const direction = sorting.key === sortKey ? sorting.direction : null;
                  return (
                    <SortableTh
                      key={header.id}
                      {...attributes}
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
          <tbody
            ref={bodyRef}
            onPointerOver={titleCutText}
            className={cn(status.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
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

/** A column's id as TanStack Table gives it: its `id`, else its accessor key, else its position. */
function columnId<T>(definition: ColumnDef<T, unknown>, index: number): string {
  if (definition.id) return definition.id;
  const key = (definition as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key.replaceAll('.', '_') : String(index);
}
