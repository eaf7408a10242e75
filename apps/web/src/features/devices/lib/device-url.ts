import { DeviceDetailTab } from '@equip/domain/devices';
import { useRecordUrl } from '@/lib/record-url';

/** The open device in the URL: `/dashboard/devices/<uuid>?tab=specification` (lib/record-url.ts). */
export const useDeviceUrl = () => useRecordUrl('deviceUuid', DeviceDetailTab.options);
