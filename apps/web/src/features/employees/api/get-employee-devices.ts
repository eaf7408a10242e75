import type { EmployeeDeviceList } from '@equip/domain/employees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

export function getEmployeeDevices(uuid: string, signal?: AbortSignal): Promise<EmployeeDeviceList> {
  return platformApi.get<EmployeeDeviceList>(`/employees/${encodeURIComponent(uuid)}/devices`, { signal });
}

export const getEmployeeDevicesQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: employeeKeys.devices(uuid),
    queryFn: ({ signal }) => getEmployeeDevices(uuid, signal),
  });

export function useEmployeeDevices(uuid: string) {
  return useQuery(getEmployeeDevicesQueryOptions(uuid));
}
