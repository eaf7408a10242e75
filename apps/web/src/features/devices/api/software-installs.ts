import type { ApplicationPage } from '@equip/domain/bundles';
import { isCommandOpen } from '@equip/domain/mdm';
import type { SoftwareCommand, SoftwareCommands } from '@equip/domain/software-installs';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bundleApi, platformApi } from '@/lib/api/clients';
import { deviceKeys } from './query-keys';

/** How often a device's installs are read again while one is under way or awaits its inventory. */
export const SOFTWARE_COMMANDS_POLL_MS = 3000;

/** Under way: still at Equip or the MDM, or done at the MDM and not yet seen by an inventory. */
export const isAwaited = (command: SoftwareCommand) =>
  isCommandOpen(command.state) || (command.state === 'completed' && command.confirmedAt === null);

/** `GET /api/devices/:uuid/software/commands`: the device's recent installs and uninstalls. */
export function getSoftwareCommands(uuid: string, signal?: AbortSignal): Promise<SoftwareCommands> {
  return platformApi.get<SoftwareCommands>(`/devices/${encodeURIComponent(uuid)}/software/commands`, {
    signal,
  });
}

export function useSoftwareCommands(uuid: string) {
  return useQuery(
    queryOptions({
      queryKey: deviceKeys.softwareCommands(uuid),
      queryFn: ({ signal }) => getSoftwareCommands(uuid, signal),
      refetchInterval: (query) =>
        query.state.data?.items.some(isAwaited) ? SOFTWARE_COMMANDS_POLL_MS : false,
    }),
  );
}

export type SoftwareVerb = 'install' | 'uninstall';

/** `POST /api/devices/:uuid/software/install` (or `/uninstall`) with a catalog application. */
export function requestSoftwareCommand(
  uuid: string,
  verb: SoftwareVerb,
  applicationUuid: string,
): Promise<SoftwareCommand> {
  return platformApi.post<SoftwareCommand>(`/devices/${encodeURIComponent(uuid)}/software/${verb}`, {
    applicationUuid,
  });
}

/** Asks for an install or uninstall, then shows the device's installs again. */
export function useSoftwareCommand(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, applicationUuid }: { verb: SoftwareVerb; applicationUuid: string }) =>
      requestSoftwareCommand(uuid, verb, applicationUuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.softwareCommands(uuid) }),
  });
}

/** The first catalog applications whose name or ids match `search` (the bundle API's catalog). */
export function findCatalogApplications(search: string, signal?: AbortSignal): Promise<ApplicationPage> {
  const textSearchQuery = search.trim() || undefined;
  return bundleApi.get<ApplicationPage>('/applications', {
    query: { textSearchQuery, sortingKey: 'name', sortingDirection: 'asc', take: 8 },
    signal,
  });
}

export function useCatalogSearch(search: string) {
  return useQuery(
    queryOptions({
      queryKey: deviceKeys.catalog(search.trim()),
      queryFn: ({ signal }) => findCatalogApplications(search, signal),
      select: (page) => page.items,
      placeholderData: keepPreviousData,
    }),
  );
}
