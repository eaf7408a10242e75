import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { QueryValue } from '@/lib/api/api-client';
import type { FiltersByView, ListDefinition, ListUrlState, ViewDefinitions, ViewOf } from './list-definition';

/*
 * A list's page: what a list view asks the API for and what it answers, and asking for it ahead
 * (`prefetchListPage`). Apart from the list hooks (`use-list-table.ts`): a page's prefetch imports
 * this, its list's definition and its query alone, so it runs as soon as those and the signed-in
 * user are there, not once the whole list machinery has loaded (bench/lighthouse.mjs).
 */

/** A list request: the view's filters and sorting as query parameters, and the page (`skip`/`take`). */
export interface ListPageParams {
  filter: Record<string, QueryValue>;
  skip: number;
  take: number;
}

/** What a list endpoint answers (`pageOf` in the domain). */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor?: string | undefined;
}

/** How a list asks for its pages: the area's query of one page, and the page size. */
export interface ListPageQuery<T, Key extends QueryKey> {
  /**
   * The area's query of one page (`getDevicesQueryOptions`): keyed by the params, keeping the previous
   * page while the next one loads (`placeholderData: keepPreviousData`).
   */
  queryOptions: (params: ListPageParams) => UseQueryOptions<ListPage<T>, Error, ListPage<T>, Key>;
  pageSize: number;
}

/** The page a list view asks the API for: its filters and sorting as query parameters, and its page. */
export function listPageParams<
  N extends string,
  V extends ViewDefinitions<K>,
  K extends string,
  View extends ViewOf<V>,
>(
  list: ListDefinition<N, V, K>,
  view: View,
  url: ListUrlState<FiltersByView<V>[View], K>,
  pageSize: number,
): ListPageParams {
  return { filter: list.toQuery(view, url), skip: url.page * pageSize, take: pageSize };
}

/**
 * Asks for the page a list view shows at an address before its table renders (a page opened directly
 * asks while its code and the signed-in user load: `DashboardPage.prefetch`); `useListTable` then
 * finds the answer in the cache under the same key.
 */
export function prefetchListPage<
  T,
  Key extends QueryKey,
  N extends string,
  V extends ViewDefinitions<K>,
  K extends string,
  View extends ViewOf<V>,
>(
  queryClient: QueryClient,
  list: ListDefinition<N, V, K>,
  view: View,
  search: URLSearchParams,
  { queryOptions, pageSize }: ListPageQuery<T, Key>,
): Promise<void> {
  return queryClient.prefetchQuery(
    queryOptions(listPageParams(list, view, list.fromUrl(search, view), pageSize)),
  );
}
