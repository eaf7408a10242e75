import type { DeviceHistory } from '@equip/domain/devices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

export function getDeviceHistory(uuid: string, signal?: AbortSignal): Promise<DeviceHistory> {
  return platformApi.get<DeviceHistory>(`/devices/${encodeURIComponent(uuid)}/history`, { signal });
}

export const getDeviceHistoryQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceKeys.history(uuid),
    queryFn: ({ signal }) => getDeviceHistory(uuid, signal),
    select: (data) => data.items,
  });

/** A device's history, newest first (shown behind it-3077-device-history). */
export function useDeviceHistory(uuid: string, enabled = true) {
  return useQuery({ ...getDeviceHistoryQueryOptions(uuid), enabled });
}
