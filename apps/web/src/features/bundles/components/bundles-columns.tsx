import type { BundleSortingKey, BundleSummary } from '@equip/domain/bundles';
import { Trans } from '@lingui/react/macro';
import { type ColumnMeta, createColumnHelper } from '@tanstack/react-table';
import { Package } from 'lucide-react';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';

const column = createColumnHelper<BundleSummary>();

function meta(
  sortKey: BundleSortingKey | undefined,
  className: string,
  extra: ColumnMeta<BundleSummary, unknown> = {},
): ColumnMeta<BundleSummary, unknown> {
  return { sortKey, className, ...extra };
}

const count = (value: number) => <span className="tabular-nums">{formatNumber(value)}</span>;

/** The columns of the bundles table: each cell, the key the server sorts it by and its width. */
export const BUNDLE_COLUMNS = [
  column.accessor('name', {
    header: () => <Trans>Name</Trans>,
    meta: meta('name', 'min-w-56 max-w-96', { skeleton: 'person' }),
    cell: ({ row }) => (
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Package aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{row.original.name}</p>
          {row.original.description ? (
            <p className="truncate text-xs text-slate-500">{row.original.description}</p>
          ) : null}
        </div>
      </div>
    ),
  }),
  column.accessor('applicationCount', {
    header: () => <Trans>Applications</Trans>,
    meta: meta('applicationCount', 'w-32', { priority: 3 }),
    cell: (info) => count(info.getValue()),
  }),
  column.accessor('desktopApplicationCount', {
    header: () => <Trans>Desktop apps</Trans>,
    meta: meta(undefined, 'w-32', { priority: 1 }),
    cell: (info) => count(info.getValue()),
  }),
  column.accessor('mobileApplicationCount', {
    header: () => <Trans>Mobile apps</Trans>,
    meta: meta(undefined, 'w-32', { priority: 1 }),
    cell: (info) => count(info.getValue()),
  }),
  column.accessor('employeeCount', {
    header: () => <Trans>Employees</Trans>,
    meta: meta('employeeCount', 'w-32', { priority: 2 }),
    cell: (info) => count(info.getValue()),
  }),
  column.accessor('updatedAt', {
    header: () => <Trans>Changed</Trans>,
    meta: meta('updatedAt', 'w-32', { priority: 0 }),
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatDateTime(info.getValue())}>
        {formatDate(info.getValue())}
      </time>
    ),
  }),
];
