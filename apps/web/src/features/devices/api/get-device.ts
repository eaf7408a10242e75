import type { DeviceDetail, DeviceListItem, DevicePage } from '@equip/domain/devices';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

export function getDevice(uuid: string, signal?: AbortSignal): Promise<DeviceDetail> {
  return platformApi.get<DeviceDetail>(`/devices/${encodeURIComponent(uuid)}`, { signal });
}

/** The row a table page already holds (what the table shows of a device, not the whole record). */
export function findDeviceInLists(queryClient: QueryClient, uuid: string): DeviceListItem | undefined {
  for (const [, page] of queryClient.getQueriesData<DevicePage>({ queryKey: deviceKeys.lists() })) {
    const found = page?.items.find((device) => device.uuid === uuid);
    if (found) return found;
  }
  return undefined;
}

export const getDeviceQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceKeys.detail(uuid),
    queryFn: ({ signal }): Promise<DeviceDetail> => getDevice(uuid, signal),
  });

export function useDevice(uuid: string) {
  return useQuery(getDeviceQueryOptions(uuid));
}

/** What a header shows of a device: the record once loaded, until then the table's row (at once). */
export function useDeviceSummary(uuid: string): DeviceListItem | DeviceDetail | undefined {
  const queryClient = useQueryClient();
  const { data } = useDevice(uuid);
  return data ?? findDeviceInLists(queryClient, uuid);
}
