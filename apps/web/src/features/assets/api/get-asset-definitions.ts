import type { AssetDefinition, AssetDefinitionPage } from '@equip/domain/assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/**
 * `GET /api/asset-definitions`: the organisation's definitions with their counts, by name (the panel
 * groups them by kind; an organisation keeps tens of models, so one page of 500 holds them).
 */
export function getAssetDefinitions(signal?: AbortSignal): Promise<AssetDefinitionPage> {
  return platformApi.get<AssetDefinitionPage>('/asset-definitions', {
    query: { sortingKey: 'name', sortingDirection: 'asc', skip: 0, take: 500 },
    signal,
  });
}

export function useAssetDefinitions() {
  return useQuery(
    queryOptions({ queryKey: assetKeys.definitions(), queryFn: ({ signal }) => getAssetDefinitions(signal) }),
  );
}

/** `GET /api/asset-definitions/:uuid`. */
export function getAssetDefinition(uuid: string, signal?: AbortSignal): Promise<AssetDefinition> {
  return platformApi.get<AssetDefinition>(`/asset-definitions/${encodeURIComponent(uuid)}`, { signal });
}

export function useAssetDefinition(uuid: string) {
  return useQuery(
    queryOptions({
      queryKey: assetKeys.definition(uuid),
      queryFn: ({ signal }) => getAssetDefinition(uuid, signal),
    }),
  );
}
