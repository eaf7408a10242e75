import {
  DEVICE_COLUMNS_STORAGE_KEY,
  type DeviceListItem,
  SHOW_STAGED_DEVICES_FLAG,
} from '@equip/domain/devices';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Laptop, MonitorSmartphone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFeatureFlag } from '@/lib/flags-context';
import { formatNumber } from '@/lib/format';
import { useColumnPreferences } from '@/lib/list-state/use-column-preferences';
import { useListTable } from '@/lib/list-state/use-list-table';
import { Button } from '@/ui/button';
import { useColumnFit } from '@/ui/data-table/column-fit';
import { DataTable } from '@/ui/data-table/data-table';
import { ListToolbarEnd } from '@/ui/data-table/list-toolbar-end';
import { noMatchesState } from '@/ui/data-table/no-matches';
import type { EmptyStateProps } from '@/ui/empty-state';
import { DEVICES_PAGE_SIZE, getDevicesQueryOptions } from '../api/get-devices';
import { devicesListBinding } from '../devices-list-slice';
import { useDeviceUrl } from '../lib/device-url';
import { DevicesFilters } from './devices-filters';
import { DevicesSelectionBar } from './devices-selection-bar';
import {
  DEFAULT_DEVICE_COLUMNS,
  DEVICE_COLUMN_LABELS,
  DEVICE_COLUMNS,
  OPTIONAL_DEVICE_COLUMNS,
  type OptionalDeviceColumn,
} from './devices-table-columns';

const COLUMNS = Object.values(DEVICE_COLUMNS);
const rowId = (device: DeviceListItem) => device.uuid;

/** `1 device` / `2 devices` (`1 Gerät` / `2 Geräte`). */
function devicesCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} device`, other: `${n} devices` });
}

/**
 * The devices list on the list machinery (`lib/list-state`, `ui/data-table`): filters and sorting in the
 * `devicesListFilters` slice and the URL, server paging (50 rows a page), the filtered count, optional
 * columns remembered under `equip:devices_columns`, row selection with its bulk actions. A row opens
 * the device's drawer (`/dashboard/devices/<uuid>`). The API lists staged devices only with
 * it-2447-show-staged-devices; the status filter offers their statuses only then.
 */
export function DevicesTable() {
  const { t, i18n } = useLingui();
  const { open: openDevice } = useDeviceUrl();
  // Which devices are listed is the API's rule; the flag only decides which statuses are offered.
  const showStaged = useFeatureFlag(SHOW_STAGED_DEVICES_FLAG);
  const table = useListTable(devicesListBinding, 'all', {
    queryOptions: getDevicesQueryOptions,
    pageSize: DEVICES_PAGE_SIZE,
    getRowId: rowId,
  });
  const columnPreferences = useColumnPreferences(
    DEVICE_COLUMNS_STORAGE_KEY,
    OPTIONAL_DEVICE_COLUMNS,
    DEFAULT_DEVICE_COLUMNS,
  );
  // Columns hidden for lack of room are offered in the column menu.
  const fit = useColumnFit();
  const selectLabel = (name: string) => t`Select ${name}`;
  const columnLabels = Object.fromEntries(
    OPTIONAL_DEVICE_COLUMNS.map((column) => [column, i18n._(DEVICE_COLUMN_LABELS[column])]),
  ) as Record<OptionalDeviceColumn, string>;

  const empty: EmptyStateProps = table.hasDefaultFilters
    ? {
        icon: Laptop,
        title: t`No devices yet`,
        description: t`Register your organisation's computers, phones and tablets to see who has which one, and whether it is encrypted and protected.`,
        action: (
          <Button asChild>
            <Link to={paths.dashboard.registerDevices()}>
              <MonitorSmartphone aria-hidden="true" />
              <Trans>Register devices</Trans>
            </Link>
          </Button>
        ),
      }
    : noMatchesState(
        t`No devices match these filters`,
        t`Try other words or fewer filters.`,
        table.resetFilters,
      );

  return (
    <div className="space-y-3">
      <DevicesFilters
        filters={table.state.filters}
        isDefault={devicesListBinding.list.hasDefaultFilters('all', table.state.filters)}
        showStaged={showStaged}
        onFilter={table.setFilter}
        onReset={table.resetFilters}
        trailing={
          <ListToolbarEnd
            count={table.query.data ? devicesCount(table.total) : undefined}
            columns={columnPreferences}
            labels={columnLabels}
            fit={fit}
            onClearAll={table.clearAll}
          />
        }
      />
      <DataTable
        fit={fit}
        {...table.tableProps}
        label={t`Devices`}
        className="max-h-[calc(100vh-19rem)] min-h-[20rem]"
        columns={COLUMNS}
        columnVisibility={columnPreferences.visibility}
        selection={{ ...table.selection, rowLabel: (device) => selectLabel(device.name) }}
        messages={{ loading: t`Loading devices…`, error: t`Could not load devices` }}
        empty={empty}
        pagination={{ ...table.tableProps.pagination, label: t`Devices pages` }}
        onOpenRow={(device) => openDevice(device.uuid)}
        keyboardHint={t`Use the arrow keys to move between rows, Enter to open a device's details and Space to select it.`}
      />
      <DevicesSelectionBar
        selection={table.selection}
        rows={table.rows}
        total={table.total}
        filter={table.filter}
      />
    </div>
  );
}
