import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { LoadError } from '@/ui/load-error';
import { RecordDrawer, type RecordHeader } from '@/ui/record-drawer';
import { Tabs } from '@/ui/tabs';
import { useDevice, useDeviceSummary } from '../api/get-device';
import { type DeviceDetailTab, selectActiveDeviceTab, selectDevice, setActiveTab } from '../devices-slice';
import { DEVICE_TYPE_LABELS } from '../lib/device-labels';
import { useDeviceUrl } from '../lib/device-url';
import { DeviceStatusBadge } from './device-badges';
import { DeviceOverviewTab } from './device-overview-tab';
import { DeviceSoftwareTab } from './device-software-tab';
import { DeviceSpecificationTab } from './device-specification-tab';
import { DeviceTypeIcon } from './device-type-icon';

const TAB_LABELS: Record<DeviceDetailTab, MessageDescriptor> = {
  overview: msg`Overview`,
  specification: msg`Specification`,
  software: msg`Software`,
};

/**
 * The open device's details in a side sheet, with the tabs of SPEC §2 (overview, specification) and its
 * installed software (decision 026). Which
 * device is open is the URL's (`/dashboard/devices/<uuid>?tab=specification`); the `devices` slice
 * follows it (selectedDeviceId, activeTab).
 */
export function DeviceDrawer() {
  const dispatch = useAppDispatch();
  const { recordId: deviceId, tab, close } = useDeviceUrl();
  useEffect(() => {
    dispatch(selectDevice(deviceId));
  }, [dispatch, deviceId]);
  useEffect(() => {
    if (deviceId && tab) dispatch(setActiveTab(tab));
  }, [dispatch, deviceId, tab]);
  return (
    <RecordDrawer
      recordId={deviceId}
      onClose={close}
      emptyTitle={<Trans>Device</Trans>}
      useHeader={useDeviceHeader}
    >
      {(id) => <DeviceDetailView deviceId={id} />}
    </RecordDrawer>
  );
}

function useDeviceHeader(deviceId: string): RecordHeader | undefined {
  const data = useDeviceSummary(deviceId);
  return (
    data && {
      media: (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <DeviceTypeIcon type={data.type} className="size-5" />
        </span>
      ),
      name: data.name,
      status: <DeviceStatusBadge status={data.status} />,
      details: [DEVICE_TYPE_LABELS[data.type], data.model, data.serialNumber],
    }
  );
}

function DeviceDetailView({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const url = useDeviceUrl();
  const storedTab = useAppSelector(selectActiveDeviceTab);
  const activeTab = url.tab ?? storedTab;
  const device = useDevice(deviceId);

  if (device.isError && !device.data) {
    return (
      <div className="p-6">
        <LoadError
          title={<Trans>Could not load this device</Trans>}
          error={device.error}
          fallback={t`Please try again in a moment.`}
          onRetry={() => void device.refetch()}
          retrying={device.isFetching}
        />
      </div>
    );
  }

  return (
    <Tabs
      label={t`Device details`}
      value={activeTab}
      onValueChange={(next) => {
        dispatch(setActiveTab(next));
        url.setTab(next);
      }}
      listClassName="sticky top-0 z-10 bg-white px-6"
      tabs={[
        {
          id: 'overview',
          label: i18n._(TAB_LABELS.overview),
          content: <DeviceOverviewTab device={device.data} />,
        },
        {
          id: 'specification',
          label: i18n._(TAB_LABELS.specification),
          content: <DeviceSpecificationTab device={device.data} />,
        },
        {
          id: 'software',
          label: i18n._(TAB_LABELS.software),
          content: <DeviceSoftwareTab device={device.data} />,
        },
      ]}
    />
  );
}
