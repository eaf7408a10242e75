import type { DeviceSoftwarePage } from '@equip/domain/device-software';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { deviceKeys } from './query-keys';

export const DEVICE_SOFTWARE_PAGE_SIZE = 50;

/** `GET /api/devices/:uuid/software`: one page of the device's installed software. */
export function getDeviceSoftware(
  uuid: string,
  params: ListPageParams,
  signal?: AbortSignal,
): Promise<DeviceSoftwarePage> {
  return platformApi.get<DeviceSoftwarePage>(`/devices/${encodeURIComponent(uuid)}/software`, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

/** The page query of one device's software list (for `useListTable`). */
export const getDeviceSoftwareQueryOptions = (uuid: string) => (params: ListPageParams) =>
  queryOptions({
    queryKey: deviceKeys.softwarePage(uuid, params),
    queryFn: ({ signal }) => getDeviceSoftware(uuid, params, signal),
    placeholderData: keepPreviousData,
  });
