import type { AssignDeviceRequest, DeviceDetail } from '@equip/domain/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

/** `PUT /api/devices/:uuid/assignment`: to a person, shared, or unassigned (in stock). */
export function assignDevice(uuid: string, assignment: AssignDeviceRequest): Promise<DeviceDetail> {
  return platformApi.put<DeviceDetail>(`/devices/${encodeURIComponent(uuid)}/assignment`, assignment);
}

export function useAssignDevice(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: AssignDeviceRequest) => assignDevice(uuid, assignment),
    onSuccess: (device) => {
      queryClient.setQueryData(deviceKeys.detail(uuid), device);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.history(uuid) }),
      ]);
    },
  });
}
