import { DeviceDetailTab } from '@equip/domain/devices';
import { useRecordUrl } from '@/lib/record-url';
import { deviceSoftwareList } from '../device-software-list-slice';

/**
 * The open device in the URL: `/dashboard/devices/<uuid>?tab=specification` (lib/record-url.ts); its
 * software list's parameters are the device's (left out when it closes or another device opens).
 */
export const useDeviceUrl = () =>
  useRecordUrl('deviceUuid', DeviceDetailTab.options, deviceSoftwareList.ownsUrlParam);
