import type {
  EmployeeColumnKey,
  EmployeeListItem,
  EmployeeSortingKey,
  EmployeeTableColumn,
  EmployeeTableView,
} from '@equip/domain/employees';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ColumnMeta, createColumnHelper } from '@tanstack/react-table';
import { Laptop } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDate, fullName } from '@/lib/format';
import { USER_SOURCE_LABELS } from '../lib/employee-labels';
import { EmployeeAvatar } from './employee-avatar';
import { EmployeeStatusBadge } from './employee-status-badge';
import { FlowDraftBadge } from './flow-draft-badge';

const column = createColumnHelper<EmployeeListItem>();

/** How the table sorts, sizes and loads a column: the server's sort key, the cells' classes. */
function meta(
  sortKey: EmployeeSortingKey | undefined,
  className: string,
  extra: ColumnMeta<EmployeeListItem, unknown> = {},
): ColumnMeta<EmployeeListItem, unknown> {
  return { sortKey, className, ...extra };
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-slate-400">{children}</span>;
}

/** One line; the full text in a tooltip when it is cut. */
function Truncated({ text, empty }: { text: string | null; empty: ReactNode }) {
  if (!text) return <Muted>{empty}</Muted>;
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

/**
 * The columns of the employees table (the domain's EmployeeTableColumn): what each cell shows, the key the server sorts it by and its
 * width; below, which views show which. `DataTable` (`ui/data-table`) lays them out.
 */
export const COLUMNS = {
  name: column.accessor((e) => fullName(e), {
    id: 'name',
    header: () => <Trans>Name</Trans>,
    meta: meta('name', 'min-w-48 max-w-56', { skeleton: 'person' }),
    cell: ({ row }) => (
      <div className="flex min-w-0 items-center gap-3">
        <EmployeeAvatar person={row.original} />
        <div className="min-w-0">
          <p className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium text-slate-900">{fullName(row.original)}</span>
            {row.original.flowDraft ? <FlowDraftBadge draft={row.original.flowDraft} /> : null}
          </p>
          <p className="truncate text-xs text-slate-500">{row.original.email}</p>
        </div>
      </div>
    ),
  }),
  department: column.accessor('department', {
    header: () => <Trans>Department</Trans>,
    meta: meta('department', 'max-w-40'),
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
    header: () => <Trans>Start date</Trans>,
    meta: meta('startDate', 'w-28'),
    cell: (info) => formatDate(info.getValue()) || <Muted>—</Muted>,
  }),
  lastDate: column.accessor('lastDate', {
    header: () => <Trans>Last day</Trans>,
    meta: meta('lastDate', 'w-28'),
    cell: (info) => formatDate(info.getValue()) || <Muted>—</Muted>,
  }),
  employeeStatus: column.accessor('employeeStatus', {
    header: () => <Trans>Status</Trans>,
    meta: meta('employeeStatus', 'w-28'),
    cell: (info) => <EmployeeStatusBadge status={info.getValue()} />,
  }),
  devicesAssigned: column.accessor('devicesAssigned', {
    header: () => <Trans>Devices</Trans>,
    meta: meta('devicesAssigned', 'w-20'),
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
    header: () => <Trans>Bundle</Trans>,
    meta: meta('assignedBundle', 'max-w-28'),
    cell: (info) => <Truncated text={info.getValue()} empty={<Trans>No bundle</Trans>} />,
  }),
  license: column.accessor('license', {
    header: () => <Trans>License</Trans>,
    meta: meta(undefined, 'max-w-32'),
    cell: (info) => <Truncated text={info.getValue()} empty="—" />,
  }),
  source: column.accessor('source', {
    header: () => <Trans>Source</Trans>,
    meta: meta('source', 'w-24'),
    cell: (info) => USER_SOURCE_LABELS[info.getValue()],
  }),
  // The domain's ids of the table's columns (the export's `columns=`): the same, no more, no fewer.
} satisfies Record<EmployeeTableColumn, unknown>;

export type ColumnId = keyof typeof COLUMNS;

export const VIEW_COLUMNS: Record<EmployeeTableView, ColumnId[]> = {
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

/** The optional columns of the all view (persisted under `equip:all_employees_columns`), as the menu names them. */
export const COLUMN_LABELS: Record<EmployeeColumnKey, MessageDescriptor> = {
  employeeStatus: msg`Status`,
  devicesAssigned: msg`Devices`,
  assignedBundle: msg`Bundle`,
  license: msg`License`,
  source: msg`Source`,
};
