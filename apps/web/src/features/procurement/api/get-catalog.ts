import type { CatalogPage } from '@equip/domain/procurement';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { procurementKeys } from './query-keys';

export const CATALOG_PAGE_SIZE = 25;

/** `GET /api/procurement/catalog`: General items and the organisation's own, with the list's filters. */
export function getCatalog(params: ListPageParams, signal?: AbortSignal): Promise<CatalogPage> {
  return platformApi.get<CatalogPage>('/procurement/catalog', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getCatalogQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: procurementKeys.catalog(params),
    queryFn: ({ signal }) => getCatalog(params, signal),
    placeholderData: keepPreviousData,
  });
