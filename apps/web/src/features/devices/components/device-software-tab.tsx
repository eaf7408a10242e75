import type { DeviceSoftwareItem, SoftwareInventorySource } from '@equip/domain/device-software';
import type { DeviceDetail } from '@equip/domain/devices';
import { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { PackageSearch, RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { failureMessage } from '@/lib/api/error-message';
import { formatDateTime, formatNumber, formatRelativeTime } from '@/lib/format';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Button } from '@/ui/button';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { ListCount } from '@/ui/data-table/list-count';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { MultiSelect } from '@/ui/multi-select';
import { toast } from '@/ui/toast-store';
import { DEVICE_SOFTWARE_PAGE_SIZE, getDeviceSoftwareQueryOptions } from '../api/get-device-software';
import { useRefreshDeviceSoftware } from '../api/refresh-device-software';
import { deviceSoftwareListBinding } from '../device-software-list-slice';
import { DeviceSoftwareInstalls } from './device-software-installs';

const column = createColumnHelper<DeviceSoftwareItem>();
const rowId = (entry: DeviceSoftwareItem) => entry.uuid;

/** Who reported an entry: the companion agent or the device's MDM, by its name. */
function SourceName({ source }: { source: SoftwareInventorySource }) {
  return source === 'AGENT' ? <Trans>Companion agent</Trans> : MDM_PROVIDER_NAMES[source];
}

const muted = <span className="text-slate-400">—</span>;

/** The list's columns: the application (and its bundle or package id), version, source, catalog, last seen. */
const COLUMNS = [
  column.accessor('name', {
    header: () => <Trans>Application</Trans>,
    meta: { sortKey: 'name', className: 'min-w-40', maxWidth: '14rem' },
    cell: ({ row }) => {
      const id = row.original.bundleId ?? row.original.packageId;
      return (
        <span className="block min-w-0">
          <span className="block truncate font-medium text-slate-900" title={row.original.name}>
            {row.original.name}
          </span>
          {id && id !== row.original.name ? (
            <span className="block truncate text-xs text-slate-500" title={id}>
              {id}
            </span>
          ) : null}
        </span>
      );
    },
  }),
  column.accessor('version', {
    header: () => <Trans>Version</Trans>,
    meta: { maxWidth: '8rem', priority: 4 },
    cell: (info) =>
      info.getValue() ? (
        <span className="block truncate tabular-nums" title={info.getValue() ?? undefined}>
          {info.getValue()}
        </span>
      ) : (
        muted
      ),
  }),
  column.accessor('source', {
    header: () => <Trans>Reported by</Trans>,
    meta: { sortKey: 'source', priority: 3 },
    cell: (info) => <SourceName source={info.getValue()} />,
  }),
  column.accessor('application', {
    header: () => <Trans>In the catalog</Trans>,
    // In a narrow drawer the catalog match hides first, then when it was seen.
    meta: { priority: 1 },
    cell: (info) => info.getValue()?.name ?? muted,
  }),
  column.accessor('lastSeenAt', {
    header: () => <Trans>Last seen</Trans>,
    meta: { sortKey: 'lastSeenAt', priority: 2 },
    cell: (info) => (
      <time dateTime={info.getValue()} title={formatDateTime(info.getValue())}>
        {formatRelativeTime(info.getValue())}
      </time>
    ),
  }),
];

/** `1 application` / `2 applications` (`1 Anwendung` / `2 Anwendungen`). */
function applicationsCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} application`, other: `${n} applications` });
}

/**
 * The device's installed software (decision 026) on the list machinery: what the companion agent and
 * the device's MDM last reported, searched by name, version or id and by source, with the catalog
 * application each one is. A device managed through an MDM can have its list read from it now, and
 * applications of the catalog installed or uninstalled through it (decision 030).
 */
export function DeviceSoftwareTab({ device }: { device: DeviceDetail | undefined }) {
  if (!device) return null;
  return <DeviceSoftwareList device={device} />;
}

function DeviceSoftwareList({ device }: { device: DeviceDetail }) {
  const { t } = useLingui();
  const queryOptions = useMemo(() => getDeviceSoftwareQueryOptions(device.uuid), [device.uuid]);
  const table = useListTable(deviceSoftwareListBinding, 'all', {
    queryOptions,
    pageSize: DEVICE_SOFTWARE_PAGE_SIZE,
    getRowId: rowId,
  });
  const refresh = useRefreshDeviceSoftware(device.uuid);
  const provider = device.mdmProvider;
  const { filters } = table.state;
  const sourceOptions = (['AGENT', 'FLEET', 'JAMF', 'MANAGE_ENGINE'] as const).map((value) => ({
    value,
    label: value === 'AGENT' ? t`Companion agent` : MDM_PROVIDER_NAMES[value],
  }));

  const readFromMdm = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) => {
        const count = applicationsCount(result.count);
        const name = MDM_PROVIDER_NAMES[provider!];
        toast({ variant: 'positive', content: t`${name} reported ${count}` });
      },
      onError: (failure) =>
        toast({ variant: 'negative', content: failureMessage(t`Could not read the software`, failure) }),
    });

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: PackageSearch,
        title: t`No software reported yet`,
        description: provider
          ? t`The companion agent reports the installed applications, or read them from the device's MDM now.`
          : t`The companion agent reports the installed applications once it runs on this device.`,
      }
    : noMatchesState(t`No software matches`, t`Try other words or every source.`, table.resetFilters);

  return (
    <div className="space-y-3 px-6 py-4">
      {provider ? <DeviceSoftwareInstalls device={device} /> : null}
      <FilterBar
        label={t`Filter software`}
        isDefault={table.hasDefaultFilters}
        onReset={table.resetFilters}
        trailing={
          <>
            <ListCount>{table.query.data ? applicationsCount(table.total) : null}</ListCount>
            {provider ? (
              <Button variant="secondary" size="sm" loading={refresh.isPending} onClick={readFromMdm}>
                <RefreshCw aria-hidden="true" />
                <Trans>Read from {MDM_PROVIDER_NAMES[provider]}</Trans>
              </Button>
            ) : null}
          </>
        }
      >
        <DebouncedSearch
          label={t`Search software`}
          placeholder={t`Name, version or identifier`}
          value={filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
          className="w-full sm:w-56"
        />
        <MultiSelect
          label={t`Reported by`}
          options={sourceOptions}
          value={filters.sources}
          onValueChange={(value) => table.setFilter('sources', value)}
        />
      </FilterBar>
      <DataTable
        {...table.tableProps}
        label={t`Installed software`}
        className="max-h-[calc(100vh-16rem)] min-h-[12rem]"
        columns={COLUMNS}
        messages={{ loading: t`Loading software…`, error: t`Could not load the software` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Software pages` }}
        keyboardHint={t`Use the arrow keys to move between applications.`}
      />
    </div>
  );
}
