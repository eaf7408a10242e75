import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of the assets area; invalidating `assetKeys.all` refreshes every list and detail. */
export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (params: ListPageParams) => [...assetKeys.lists(), params] as const,
  detail: (uuid: string) => [...assetKeys.all, 'detail', uuid] as const,
  definitions: () => [...assetKeys.all, 'definitions'] as const,
  definition: (uuid: string) => [...assetKeys.all, 'definition', uuid] as const,
};
