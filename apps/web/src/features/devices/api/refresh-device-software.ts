import type { DeviceSoftwareRefreshResult } from '@equip/domain/device-software';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

/** `POST /api/devices/:uuid/software/refresh`: reads the device's software from its MDM now. */
export function refreshDeviceSoftware(uuid: string): Promise<DeviceSoftwareRefreshResult> {
  return platformApi.post<DeviceSoftwareRefreshResult>(
    `/devices/${encodeURIComponent(uuid)}/software/refresh`,
  );
}

/** Reads the software from the MDM, then shows the device's list again. */
export function useRefreshDeviceSoftware(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshDeviceSoftware(uuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.software(uuid) }),
  });
}
