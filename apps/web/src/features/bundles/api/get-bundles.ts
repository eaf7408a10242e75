import type { BundlePage } from '@equip/domain/bundles';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { bundleKeys } from './query-keys';

export const BUNDLES_PAGE_SIZE = 50;

/** `GET /bundle-api/bundles`: a page of the organisation's bundles with their counts. */
export function getBundles(params: ListPageParams, signal?: AbortSignal): Promise<BundlePage> {
  return bundleApi.get<BundlePage>('/bundles', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getBundlesQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: bundleKeys.list(params),
    queryFn: ({ signal }) => getBundles(params, signal),
    placeholderData: keepPreviousData,
  });
