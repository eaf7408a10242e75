import type { AssetItem, AssetPage } from '@equip/domain/assets';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { assetKeys } from './query-keys';

export const ASSETS_PAGE_SIZE = 50;

/** `GET /api/assets`: a page of items with the list's filters (the selected definition among them). */
export function getAssets(params: ListPageParams, signal?: AbortSignal): Promise<AssetPage> {
  return platformApi.get<AssetPage>('/assets', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getAssetsQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: assetKeys.list(params),
    queryFn: ({ signal }) => getAssets(params, signal),
    placeholderData: keepPreviousData,
  });

/** `GET /api/assets/:uuid`. */
export function getAsset(uuid: string, signal?: AbortSignal): Promise<AssetItem> {
  return platformApi.get<AssetItem>(`/assets/${encodeURIComponent(uuid)}`, { signal });
}

export function useAsset(uuid: string) {
  return useQuery(
    queryOptions({ queryKey: assetKeys.detail(uuid), queryFn: ({ signal }) => getAsset(uuid, signal) }),
  );
}

/** What is known of an item before its detail loads: the detail, or its row on a loaded page. */
export function useAssetSummary(uuid: string): AssetItem | undefined {
  const queryClient = useQueryClient();
  const detail = useAsset(uuid).data;
  if (detail) return detail;
  for (const [, page] of queryClient.getQueriesData<AssetPage>({ queryKey: assetKeys.lists() })) {
    const row = page?.items.find((item) => item.uuid === uuid);
    if (row) return row;
  }
  return undefined;
}
