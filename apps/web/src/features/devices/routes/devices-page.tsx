import { parseRegisterType } from '@equip/domain/device-registration';
import { DEVICE_COLUMNS_STORAGE_KEY, DeviceTableColumn } from '@equip/domain/devices';
import type { FeatureFlagName } from '@equip/domain/flags';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileUp, MonitorSmartphone, Plus } from 'lucide-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { DEVICES_TABS, type DevicesTab, paths } from '@/config/paths';
import { AssetsTab } from '@/features/assets/public';
import { exportColumnsQuery } from '@/lib/csv-import/download-export';
import { useFeatureFlag } from '@/lib/flags-context';
import { shownColumns } from '@/lib/list-state/use-column-preferences';
import { Button } from '@/ui/button';
import { ExportMenu } from '@/ui/csv-import/export-menu';
import { LinkTabs } from '@/ui/link-tabs';
import { PageHeader } from '@/ui/page-header';
import { exportDevices } from '../api/export-devices';
import { DeviceDrawer } from '../components/device-drawer';
import { DevicesTable } from '../components/devices-table';
import { DEFAULT_DEVICE_COLUMNS, OPTIONAL_DEVICE_COLUMNS } from '../components/devices-table-columns';
import { devicesList } from '../devices-list';
import { isAssetRecord, parseDevicesTab } from '../lib/devices-tabs';

const TAB_LABELS: Record<DevicesTab, MessageDescriptor> = { devices: msg`Devices`, assets: msg`Assets` };

/** Peripheral assets are behind it-1786-peripherals-mvp (SPEC §9). */
const PERIPHERALS_FLAG = 'it-1786-peripherals-mvp' satisfies FeatureFlagName;

/**
 * `/dashboard/devices`: the devices list with the open device's drawer (`/dashboard/devices/<uuid>`)
 * and its export (Excel or CSV, written by the server), and the assets tab (`?tab=assets`).
 */
export function DevicesPage() {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const peripherals = useFeatureFlag(PERIPHERALS_FLAG);
  const asked = isAssetRecord(pathname) ? 'assets' : parseDevicesTab(searchParams.get('tab'));
  const tab: DevicesTab = peripherals ? asked : 'devices';
  const tabs = peripherals ? DEVICES_TABS : DEVICES_TABS.filter((id) => id !== 'assets');
  const registerType = parseRegisterType(searchParams.get('registerType'));
  // SPEC §2: `?registerType=…` opens that platform's register-devices steps.
  if (registerType) return <Navigate replace to={paths.dashboard.registerDevices(registerType)} />;
  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Computers, phones and tablets, and peripheral assets such as monitors and headsets.`}
        actions={
          tab === 'assets' ? (
            <>
              <Button asChild variant="secondary">
                <Link to={paths.dashboard.importPeripherals}>
                  <FileUp aria-hidden="true" />
                  <Trans>Import CSV</Trans>
                </Link>
              </Button>
              <Button asChild>
                <Link to={paths.dashboard.addPeripherals}>
                  <Plus aria-hidden="true" />
                  <Trans>Add assets</Trans>
                </Link>
              </Button>
            </>
          ) : (
            <>
              {/* The list as the address has it (its filters and sorting, every matching device), with the
                  columns the person shows, or all of them. */}
              <ExportMenu
                hasColumnChoice
                onExport={(format, separator, scope) =>
                  exportDevices(
                    devicesList.toQuery('all', devicesList.fromUrl(searchParams, 'all')),
                    format,
                    separator,
                    exportColumnsQuery(
                      scope,
                      shownColumns(
                        DeviceTableColumn.options,
                        DEVICE_COLUMNS_STORAGE_KEY,
                        OPTIONAL_DEVICE_COLUMNS,
                        DEFAULT_DEVICE_COLUMNS,
                      ),
                    ),
                  )
                }
              />
              <Button asChild>
                <Link to={paths.dashboard.registerDevices()}>
                  <MonitorSmartphone aria-hidden="true" />
                  <Trans>Register devices</Trans>
                </Link>
              </Button>
            </>
          )
        }
      />
      <LinkTabs
        label={t`Devices sections`}
        current={tab}
        tabs={tabs.map((id) => ({
          id,
          label: i18n._(TAB_LABELS[id]),
          to: paths.dashboard.devices(id),
        }))}
      />
      {tab === 'assets' ? (
        <AssetsTab />
      ) : (
        <>
          <DevicesTable />
          <DeviceDrawer />
        </>
      )}
    </div>
  );
}
