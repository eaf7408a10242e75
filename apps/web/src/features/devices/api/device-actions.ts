import {
  type BulkDeviceActionRequest,
  type BulkDeviceActionResult,
  type DeviceActionRequest,
  type DeviceCommand,
  type DeviceCommands,
  isCommandOpen,
} from '@equip/domain/mdm';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

/** How often the drawer asks again while a command is under way. */
export const OPEN_COMMAND_POLL_MS = 1000;

export const deviceActionKeys = {
  commands: (uuid: string) => [...deviceKeys.all, 'actions', uuid] as const,
};

/** `GET /api/devices/:uuid/actions`: the device's MDM status and recent commands, newest first. */
export function getDeviceCommands(uuid: string, signal?: AbortSignal): Promise<DeviceCommands> {
  return platformApi.get<DeviceCommands>(`/devices/${encodeURIComponent(uuid)}/actions`, { signal });
}

export const hasOpenCommand = (data: DeviceCommands | undefined): boolean =>
  data?.items.some((command) => isCommandOpen(command.state)) ?? false;

export const getDeviceCommandsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: deviceActionKeys.commands(uuid),
    queryFn: ({ signal }) => getDeviceCommands(uuid, signal),
    // While a command is queued or sent, ask every second until the device has reported.
    refetchInterval: (query) => (hasOpenCommand(query.state.data) ? OPEN_COMMAND_POLL_MS : false),
  });

/**
 * A device's commands, polled while one is open; when the last open one settles, the device's detail
 * and lists are refreshed (its MDM status changed).
 */
export function useDeviceCommands(uuid: string) {
  return useQuery(getDeviceCommandsQueryOptions(uuid));
}

/** `POST /api/devices/:uuid/actions`: queues the action (202 with the command). */
export function sendDeviceAction(uuid: string, request: DeviceActionRequest): Promise<DeviceCommand> {
  return platformApi.post<DeviceCommand>(`/devices/${encodeURIComponent(uuid)}/actions`, request);
}

/** `POST /api/devices/actions`: one action for a selection; devices it does not fit come back skipped. */
export function sendBulkDeviceAction(request: BulkDeviceActionRequest): Promise<BulkDeviceActionResult> {
  return platformApi.post<BulkDeviceActionResult>('/devices/actions', request);
}

export function useSendDeviceAction(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DeviceActionRequest) => sendDeviceAction(uuid, request),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceActionKeys.commands(uuid) });
    },
  });
}
