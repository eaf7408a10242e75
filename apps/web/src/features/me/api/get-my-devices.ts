import type { Device } from '@equip/domain/devices';
import type { EmployeeDeviceList } from '@equip/domain/employees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

/** The devices assigned to the person. */
export async function getMyDevices(accountUuid: string, signal?: AbortSignal): Promise<Device[]> {
  const page = await platformApi.get<EmployeeDeviceList>(
    `/employees/${encodeURIComponent(accountUuid)}/devices`,
    { signal },
  );
  return page.items;
}

export function myDevicesQueryOptions(accountUuid: string) {
  return queryOptions({
    queryKey: ['me', 'devices', accountUuid],
    queryFn: ({ signal }) => getMyDevices(accountUuid, signal),
    retry: retryUnlessClientError,
  });
}

export function useMyDevices(accountUuid: string) {
  return useQuery(myDevicesQueryOptions(accountUuid));
}
