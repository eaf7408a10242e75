import type { MdmConnectionList } from '@equip/domain/mdm-connections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { mdmServerKeys } from './query-keys';

export function getMdmConnections(signal?: AbortSignal): Promise<MdmConnectionList> {
  return platformApi.get<MdmConnectionList>('/mdm-connections', { signal });
}

export const getMdmConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: mdmServerKeys.connections(),
    queryFn: ({ signal }) => getMdmConnections(signal),
    select: (data) => data.items,
  });

/** The organisation's MDM server connections (never their tokens). */
export function useMdmConnections() {
  return useQuery(getMdmConnectionsQueryOptions());
}
