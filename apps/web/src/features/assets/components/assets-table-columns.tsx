import type { AssetItem, AssetSortingKey } from '@equip/domain/assets';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ColumnMeta, createColumnHelper } from '@tanstack/react-table';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { ASSET_KIND_LABELS } from '../lib/asset-labels';
import { AssetStatusBadge } from './asset-badges';
import { AssetKindIcon } from './asset-kind-icon';

const column = createColumnHelper<AssetItem>();

function meta(
  sortKey: AssetSortingKey | undefined,
  className: string,
  extra: ColumnMeta<AssetItem, unknown> = {},
): ColumnMeta<AssetItem, unknown> {
  return { sortKey, className, ...extra };
}

const muted = <span className="text-slate-400">—</span>;

/**
 * The columns of the assets table: each cell, the key the server sorts it by and its width. Where the
 * table is too narrow, the lowest `priority` hides first.
 */
export const ASSET_COLUMNS = {
  name: column.accessor('name', {
    header: () => <Trans>Name</Trans>,
    meta: meta('name', 'min-w-48 max-w-72', { skeleton: 'person' }),
    cell: ({ row }) => (
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <AssetKindIcon kind={row.original.kind} className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{row.original.name}</p>
          <p className="truncate text-xs text-slate-500">
            {[ASSET_KIND_LABELS[row.original.kind], row.original.vendor, row.original.modelNumber]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
    ),
  }),
  serialNumber: column.accessor('serialNumber', {
    header: () => <Trans>Serial number</Trans>,
    meta: meta('serialNumber', 'w-40', { priority: 1 }),
    cell: (info) => (info.getValue() ? <span className="font-mono text-xs">{info.getValue()}</span> : muted),
  }),
  assignedTo: column.accessor((item) => (item.assignedTo ? fullName(item.assignedTo) : null), {
    id: 'assignedTo',
    header: () => <Trans>Assigned to</Trans>,
    meta: meta('assignedTo', 'max-w-48', { priority: 3, maxWidth: '12rem' }),
    cell: ({ getValue }) =>
      getValue() ? (
        <span className="block truncate">{getValue()}</span>
      ) : (
        <span className="text-slate-400">
          <Trans>Nobody</Trans>
        </span>
      ),
  }),
  status: column.accessor('status', {
    header: () => <Trans>Status</Trans>,
    meta: meta('status', 'w-32', { priority: 4 }),
    cell: (info) => <AssetStatusBadge status={info.getValue()} />,
  }),
  createdAt: column.accessor('createdAt', {
    header: () => <Trans>Added</Trans>,
    meta: meta('createdAt', 'w-32', { priority: 0 }),
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatDateTime(info.getValue())}>
        {formatDate(info.getValue())}
      </time>
    ),
  }),
};

/** The columns a person may hide (the name always shows), persisted under `equip:assets_columns`. */
export const OPTIONAL_ASSET_COLUMNS = ['serialNumber', 'assignedTo', 'status', 'createdAt'] as const;
export type OptionalAssetColumn = (typeof OPTIONAL_ASSET_COLUMNS)[number];
export const ASSET_COLUMNS_STORAGE_KEY = 'equip:assets_columns';

export const ASSET_COLUMN_LABELS: Record<OptionalAssetColumn, MessageDescriptor> = {
  serialNumber: msg`Serial number`,
  assignedTo: msg`Assigned to`,
  status: msg`Status`,
  createdAt: msg`Added`,
};
