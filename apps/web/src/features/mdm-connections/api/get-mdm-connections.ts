import { type MdmConnectionList, syncPending } from '@equip/domain/mdm-connections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { mdmServerKeys } from './query-keys';

/** How often the list is read again while a sync waits or runs. */
export const SYNC_POLL_MS = 2000;

export function getMdmConnections(signal?: AbortSignal): Promise<MdmConnectionList> {
  return platformApi.get<MdmConnectionList>('/mdm-connections', { signal });
}

export const getMdmConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: mdmServerKeys.connections(),
    queryFn: ({ signal }) => getMdmConnections(signal),
    select: (data) => data.items,
    // While an inventory sync waits or runs, its card follows it to its counts or its error.
    refetchInterval: (query) =>
      query.state.data?.items.some((connection) => syncPending(connection.sync)) ? SYNC_POLL_MS : false,
  });

/** The organisation's MDM server connections (never their tokens). */
export function useMdmConnections() {
  return useQuery(getMdmConnectionsQueryOptions());
}
