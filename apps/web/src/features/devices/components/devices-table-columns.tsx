import type { DeviceListItem, DeviceSortingKey, DeviceTableColumn } from '@equip/domain/devices';
import { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ColumnMeta, createColumnHelper } from '@tanstack/react-table';
import { Lock, LockOpen, type LucideIcon, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime, fullName } from '@/lib/format';
import { DEVICE_MDM_STATUS_LABELS } from '../lib/device-action-labels';
import { DEVICE_OS_LABELS, DEVICE_TYPE_LABELS, encryptionLabel, protectionLabel } from '../lib/device-labels';
import { DeviceStatusBadge, EnrollmentStateBadge } from './device-badges';
import { DeviceTypeIcon } from './device-type-icon';
import { MdmMissingNote } from './mdm-missing-note';

const column = createColumnHelper<DeviceListItem>();

/** How the table sorts, sizes and loads a column: the server's sort key, the cells' classes. */
function meta(
  sortKey: DeviceSortingKey | undefined,
  className: string,
  extra: ColumnMeta<DeviceListItem, unknown> = {},
): ColumnMeta<DeviceListItem, unknown> {
  return { sortKey, className, ...extra };
}

/** What the device last reported through its MDM, in the reader's words. */
function DeviceMdmStatusText({ status }: { status: NonNullable<DeviceListItem['mdmStatus']> }) {
  const { i18n } = useLingui();
  return <>{i18n._(DEVICE_MDM_STATUS_LABELS[status])}</>;
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-slate-400">{children}</span>;
}

/** "macOS 15.1": the system and its version. */
export function osText(device: Pick<DeviceListItem, 'os' | 'osVersion'>): string {
  // A system Equip does not know by name (Android …) is named by its version when there is one.
  if (device.os === 'UNKNOWN' && device.osVersion) return device.osVersion;
  return [DEVICE_OS_LABELS[device.os], device.osVersion].filter(Boolean).join(' ');
}

/** Who has a device: the person, or shared, or in stock. */
export function AssignedTo({ device }: { device: Pick<DeviceListItem, 'assignmentType' | 'assignedTo'> }) {
  if (device.assignmentType === 'ASSIGNED' && device.assignedTo) {
    return <span className="block truncate">{fullName(device.assignedTo)}</span>;
  }
  if (device.assignmentType === 'SHARED') return <Trans>Shared</Trans>;
  return (
    <Muted>
      <Trans>In stock</Trans>
    </Muted>
  );
}

export function SecurityNote({ ok, icon: Icon, label }: { ok: boolean; icon: LucideIcon; label: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', ok ? 'text-slate-700' : 'text-amber-700')}>
      <Icon aria-hidden="true" className={cn('size-3.5', ok ? 'text-emerald-600' : 'text-amber-600')} />
      {label}
    </span>
  );
}

/** Encryption and protection by a security add-on, as two short notes. */
export function Security({ device }: { device: Pick<DeviceListItem, 'isEncrypted' | 'isProtected'> }) {
  return (
    <span className="flex flex-col gap-0.5 text-xs">
      <SecurityNote
        ok={device.isEncrypted}
        icon={device.isEncrypted ? Lock : LockOpen}
        label={encryptionLabel(device.isEncrypted)}
      />
      <SecurityNote
        ok={device.isProtected}
        icon={device.isProtected ? ShieldCheck : ShieldAlert}
        label={protectionLabel(device.isProtected)}
      />
    </span>
  );
}

/**
 * The columns of the devices table: what each cell shows, the key the server sorts it by and its width.
 * `DataTable` (`ui/data-table`) lays them out; all but the name can be hidden. Where the table is too
 * narrow, the lowest `priority` hides first: status and last seen stay longest.
 */
export const DEVICE_COLUMNS = {
  name: column.accessor('name', {
    header: () => <Trans>Name</Trans>,
    meta: meta('name', 'min-w-48 max-w-64', { skeleton: 'person' }),
    cell: ({ row }) => (
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <DeviceTypeIcon type={row.original.type} className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{row.original.name}</p>
          <p className="truncate text-xs text-slate-500">
            {[DEVICE_TYPE_LABELS[row.original.type], row.original.model, row.original.serialNumber]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
    ),
  }),
  serialNumber: column.accessor('serialNumber', {
    header: () => <Trans>Serial number</Trans>,
    meta: meta(undefined, 'w-36', { priority: -2 }),
    cell: (info) =>
      info.getValue() ? <span className="font-mono text-xs">{info.getValue()}</span> : <Muted>—</Muted>,
  }),
  model: column.accessor('model', {
    header: () => <Trans>Model</Trans>,
    meta: meta(undefined, 'max-w-44', { priority: -2, maxWidth: '11rem' }),
    cell: (info) =>
      info.getValue() ? (
        <span className="block truncate" title={info.getValue() ?? undefined}>
          {info.getValue()}
        </span>
      ) : (
        <Muted>—</Muted>
      ),
  }),
  osVersion: column.accessor((device) => osText(device), {
    id: 'osVersion',
    header: () => <Trans>OS</Trans>,
    meta: meta('os', 'w-32', { priority: 0 }),
    cell: (info) => info.getValue(),
  }),
  assignedTo: column.accessor((device) => (device.assignedTo ? fullName(device.assignedTo) : null), {
    id: 'assignedTo',
    header: () => <Trans>Assigned to</Trans>,
    meta: meta('assignedTo', 'max-w-44', { priority: 3, maxWidth: '11rem' }),
    cell: ({ row }) => <AssignedTo device={row.original} />,
  }),
  location: column.accessor('location', {
    header: () => <Trans>Location</Trans>,
    meta: meta('location', 'max-w-36', { priority: -1, maxWidth: '9rem' }),
    cell: (info) =>
      info.getValue() ? (
        <span className="block truncate" title={info.getValue() ?? undefined}>
          {info.getValue()}
        </span>
      ) : (
        <Muted>—</Muted>
      ),
  }),
  security: column.display({
    id: 'security',
    header: () => <Trans>Security</Trans>,
    meta: meta('security', 'w-36', { priority: 2 }),
    cell: ({ row }) => <Security device={row.original} />,
  }),
  enrollmentState: column.accessor('enrollmentState', {
    header: () => <Trans>Enrolment</Trans>,
    meta: meta('enrollmentState', 'w-36', { priority: 1 }),
    cell: (info) => <EnrollmentStateBadge state={info.getValue()} />,
  }),
  mdmProvider: column.accessor('mdmProvider', {
    header: () => <Trans>MDM</Trans>,
    meta: meta(undefined, 'w-32', { priority: -2 }),
    cell: (info) => {
      const provider = info.getValue();
      return provider ? MDM_PROVIDER_NAMES[provider] : <Muted>—</Muted>;
    },
  }),
  mdmStatus: column.accessor('mdmStatus', {
    header: () => <Trans>MDM status</Trans>,
    meta: meta(undefined, 'w-28', { priority: -2 }),
    cell: (info) => {
      const status = info.getValue();
      return status ? <DeviceMdmStatusText status={status} /> : <Muted>—</Muted>;
    },
  }),
  status: column.accessor('status', {
    header: () => <Trans>Status</Trans>,
    meta: meta('status', 'w-40', { priority: 5 }),
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1">
        <DeviceStatusBadge status={row.original.status} />
        <MdmMissingNote since={row.original.mdmMissingSince} provider={row.original.mdmProvider} />
      </span>
    ),
  }),
  lastSeenAt: column.accessor('lastSeenAt', {
    header: () => <Trans>Last seen</Trans>,
    meta: meta('lastSeenAt', 'w-32', { priority: 4 }),
    cell: (info) => {
      const value = info.getValue();
      return value ? (
        <time dateTime={value} title={formatDateTime(value)}>
          {formatRelativeTime(value)}
        </time>
      ) : (
        <Muted>
          <Trans>Never</Trans>
        </Muted>
      );
    },
  }),
  // The domain's ids of the table's columns (the export's `columns=`): the same, no more, no fewer.
} satisfies Record<DeviceTableColumn, unknown>;

export type DeviceColumnId = keyof typeof DEVICE_COLUMNS;

/** The columns a person can hide (persisted under `equip:devices_columns`); the name always shows. */
export const OPTIONAL_DEVICE_COLUMNS = [
  'serialNumber',
  'model',
  'osVersion',
  'assignedTo',
  'location',
  'security',
  'enrollmentState',
  'mdmProvider',
  'mdmStatus',
  'status',
  'lastSeenAt',
] as const satisfies readonly DeviceColumnId[];
export type OptionalDeviceColumn = (typeof OPTIONAL_DEVICE_COLUMNS)[number];

/**
 * The columns shown until a person chooses: the serial number and model are also under the name, the
 * MDM columns are for those who look after the MDM (offered in the column menu).
 */
export const DEFAULT_DEVICE_COLUMNS: readonly OptionalDeviceColumn[] = [
  'osVersion',
  'assignedTo',
  'location',
  'security',
  'enrollmentState',
  'status',
  'lastSeenAt',
];

/** The columns' names in the column menu. */
export const DEVICE_COLUMN_LABELS: Record<OptionalDeviceColumn, MessageDescriptor> = {
  serialNumber: msg`Serial number`,
  model: msg`Model`,
  mdmProvider: msg`MDM`,
  mdmStatus: msg`MDM status`,
  osVersion: msg`OS`,
  assignedTo: msg`Assigned to`,
  location: msg`Location`,
  security: msg`Security`,
  enrollmentState: msg`Enrolment`,
  status: msg`Status`,
  lastSeenAt: msg`Last seen`,
};
