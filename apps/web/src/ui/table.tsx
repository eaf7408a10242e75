import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown, CircleAlert } from 'lucide-react';
import type { HTMLAttributes, ReactNode, Ref, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';
import { Button } from './button';
import { EmptyState, type EmptyStateProps } from './empty-state';

export type SortDirection = 'asc' | 'desc' | null;

/** Clicking a sortable header cycles: none → ascending → descending → none. */
export function nextSortDirection(current: SortDirection): SortDirection {
  return current === null ? 'asc' : current === 'asc' ? 'desc' : null;
}

/**
 * The scrolling frame of a data table: the header row sticks to its top while rows scroll, and wide
 * tables scroll sideways inside it instead of stretching the page. While `loadingLabel` is set the
 * frame is busy and screen readers hear the label.
 */
export function TableFrame({
  className,
  loadingLabel,
  children,
  'aria-busy': busy,
  ...props
}: HTMLAttributes<HTMLDivElement> & { loadingLabel?: string | undefined; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      aria-busy={busy || (loadingLabel ? true : undefined)}
      className={cn(
        'relative overflow-auto rounded-xl border border-slate-200 bg-white shadow-xs',
        className,
      )}
      {...props}
    >
      {loadingLabel ? (
        <span role="status" className="sr-only">
          {loadingLabel}
        </span>
      ) : null}
      {children}
    </div>
  );
}

export function Table({
  className,
  ...props
}: HTMLAttributes<HTMLTableElement> & { ref?: Ref<HTMLTableElement> }) {
  return <table className={cn('w-full border-separate border-spacing-0 text-sm', className)} {...props} />;
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('sticky top-0 z-10 bg-slate-50', className)} {...props} />;
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 border-b border-slate-200 bg-slate-50 px-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
        className,
      )}
      {...props}
    />
  );
}

/** The heading of a row-actions column: right-aligned, named for screen readers only. */
export function ActionsTh() {
  return (
    <Th className="text-right">
      <span className="sr-only">
        <Trans>Actions</Trans>
      </span>
    </Th>
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn('h-12 border-b border-slate-100 px-3 align-middle text-slate-700', className)}
      {...props}
    />
  );
}

/**
 * A header cell whose column can be sorted: a button cycling the direction, with `aria-sort` on the
 * cell so screen readers announce the current order.
 */
export function SortableTh({
  direction,
  onSort,
  children,
  className,
  align = 'left',
  ...props
}: {
  direction: SortDirection;
  onSort: () => void;
  children: ReactNode;
  className?: string;
  align?: 'left' | 'right';
} & Omit<ThHTMLAttributes<HTMLTableCellElement>, 'children' | 'className'>) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <Th
      {...props}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={cn('px-1.5', className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'group inline-flex h-7 items-center gap-1 rounded-md px-1.5 uppercase hover:bg-slate-200/70 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-indigo-600',
          align === 'right' && 'flex-row-reverse',
          direction && 'text-slate-900',
        )}
      >
        {children}
        <Icon
          aria-hidden="true"
          className={cn(
            'size-3.5',
            direction ? 'text-indigo-600' : 'text-slate-400 group-hover:text-slate-600',
          )}
        />
      </button>
    </Th>
  );
}

/** "1–50 of 50,000" plus previous/next buttons, for server-side paging. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  label,
  className,
}: {
  /** 0-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shownPage = formatNumber(Math.min(page + 1, pageCount));
  const pages = formatNumber(pageCount);
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const from = formatNumber(first);
  const to = formatNumber(last);
  const of = formatNumber(total);
  const buttonClasses =
    'inline-flex size-8 items-center justify-center rounded-lg text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:pointer-events-none disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
  return (
    <nav
      aria-label={label ?? t`Pagination`}
      className={cn('flex items-center justify-between gap-4 text-sm', className)}
    >
      <p className="text-slate-600 tabular-nums" aria-live="polite">
        {total === 0 ? (
          <Trans>No results</Trans>
        ) : (
          <Trans>
            {from}–{to} of {of}
          </Trans>
        )}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-slate-500 tabular-nums">
          <Trans>
            Page {shownPage} of {pages}
          </Trans>
        </span>
        <button
          type="button"
          className={buttonClasses}
          aria-label={t`Previous page`}
          disabled={page <= 0}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={buttonClasses}
          aria-label={t`Next page`}
          disabled={page + 1 >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}

/** What a placeholder cell looks like while a table's rows load (index.css, `.table-skeleton-*`). */
export type SkeletonCell = 'checkbox' | 'person' | 'text' | 'badge' | 'none';

/** A table row's height (`Td`'s `h-12`): the placeholder paints one row per 3rem. */
const ROW_HEIGHT_REM = 3;

/**
 * Placeholder rows in the table's own columns while its rows load, so nothing jumps when they come.
 * One cell per column paints every row (a repeating background, index.css): when the rows come,
 * the placeholder leaves in one removal of a few elements. An element per placeholder line made that
 * removal the longest task of a list's first load on a phone (bench/lighthouse.mjs).
 */
export function TableSkeletonRows({ rows = 6, cells }: { rows?: number; cells: readonly SkeletonCell[] }) {
  return (
    // Hidden from assistive technology (and from role queries): the frame says it is loading; a
    // placeholder is nothing to read or click.
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row holds nothing focusable.
    <tr aria-hidden="true">
      {cells.map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
        <td key={index} className="table-skeleton p-0 align-top">
          <div
            className={cn('animate-pulse', SKELETON_CLASSES[cell])}
            style={{ height: `${rows * ROW_HEIGHT_REM}rem` }}
          />
        </td>
      ))}
    </tr>
  );
}

const SKELETON_CLASSES: Record<SkeletonCell, string> = {
  checkbox: 'table-skeleton-checkbox',
  person: 'table-skeleton-person',
  text: 'table-skeleton-text',
  badge: 'table-skeleton-badge',
  none: '', // the cell's row lines alone
};

/** A row across the whole table that says something instead of rows: nothing found, nothing yet. */
export function TableMessageRow({ colSpan, ...message }: EmptyStateProps & { colSpan: number }) {
  return (
    <tr>
      <td colSpan={colSpan} className="p-6">
        <EmptyState {...message} className={cn('border-none', message.className)} />
      </td>
    </tr>
  );
}

/** The rows could not be loaded: what the server said, and a way to try again. */
export function TableErrorRow({
  colSpan,
  title,
  error,
  onRetry,
}: {
  colSpan: number;
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <TableMessageRow
      colSpan={colSpan}
      icon={CircleAlert}
      title={title}
      description={translateKnownMessage(error.message)}
      action={
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      }
    />
  );
}
