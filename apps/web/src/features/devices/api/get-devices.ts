import type { DeviceListItem, DevicePage } from '@equip/domain/devices';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { deviceKeys } from './query-keys';

export const DEVICES_PAGE_SIZE = 50;

/** The filters and sorting of `GET /api/devices` without paging (`devicesList.toQuery`). */
export type DeviceFilterQuery = Record<string, QueryValue>;

export function getDevices(params: ListPageParams, signal?: AbortSignal): Promise<DevicePage> {
  return platformApi.get<DevicePage>('/devices', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getDevicesQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: deviceKeys.list(params),
    queryFn: ({ signal }) => getDevices(params, signal),
    // While the next page or filter loads, the table keeps showing the previous rows.
    placeholderData: keepPreviousData,
  });

/** Every device a filter matches (bulk actions on "all matching"), 500 at a time. */
export async function getMatchingDevices(
  filter: DeviceFilterQuery,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DeviceListItem[]> {
  const take = 500;
  const devices: DeviceListItem[] = [];
  for (let skip = 0; ; skip += take) {
    const page = await getDevices({ filter, skip, take }, signal);
    devices.push(...page.items);
    onProgress?.(devices.length, page.total);
    if (page.items.length < take || devices.length >= page.total) return devices;
  }
}
