import type { SortingDirection } from '@equip/domain/common';
import type { QueryValue } from '@/lib/api/api-client';
import type { FilterField } from './filter-fields';

/**
 * What a list screen is, in one place: its views (tabs), each view's filters and initial sorting, the
 * keys the API sorts by. From it come the defaults, the state in the URL and the list request's query;
 * `createListSlice` makes its client-state area and `useListTable` runs it. A devices list:
 *
 * ```ts
 * export const devicesList = defineList({
 *   name: 'devicesListFilters',
 *   views: {
 *     all: {
 *       filters: {
 *         textSearchQuery: textFilter('q'),
 *         deviceStatus: optionsFilter('status', DeviceStatus.options),
 *         withArchived: flagFilter('archived'),
 *       },
 *       sorting: { key: null, direction: null },
 *     },
 *   },
 *   sortKeys: DeviceSortingKey.options,
 * });
 * ```
 *
 * URL: `?view=…` (left out for the first view) then each filter's parameter, `sort=key.direction`
 * (`sort=none` for an unsorted view that starts sorted) and `page=` (1-based); defaults are left out.
 * Query: `viewQueryParam` (when the API takes the view), each filter that is in use, `sortingKey` and
 * `sortingDirection`.
 */

/** Sorting of a list view: key plus direction; both null when unsorted (SPEC §3). */
export interface ListSorting<K extends string = string> {
  key: K | null;
  direction: SortingDirection | null;
}

export type FilterFields = Record<string, FilterField<unknown>>;

/** The filter values of some filter fields. */
export type FiltersOf<F extends FilterFields> = {
  -readonly [Key in keyof F]: F[Key] extends FilterField<infer T> ? T : never;
};

export interface ViewDefinition<K extends string = string> {
  filters: FilterFields;
  /** The sorting the view starts with (SPEC §4 for the employees views). */
  sorting: ListSorting<K>;
}

export type ViewDefinitions<K extends string = string> = Record<string, ViewDefinition<K>>;

export interface ListConfig<N extends string, V extends ViewDefinitions<K>, K extends string> {
  /** The client-state area the list's state is kept in (SPEC §3: `employeesTable`, `devicesListFilters` …). */
  name: N;
  /** The views (tabs) with their filters and initial sorting; the first one is the default view. */
  views: V;
  /** The keys the API sorts by. */
  sortKeys: readonly K[];
  /** The list request's parameter naming the view, when the API takes one. */
  viewQueryParam?: string;
  /**
   * Prefixes the view, sort and page parameters in the URL (`software` → `softwareView`,
   * `softwareSort`, `softwarePage`), for a list shown beside another one (a record's list in its drawer,
   * over the page's list); its filter fields then take parameters of their own too.
   */
  urlPrefix?: string;
}

export type ViewOf<V> = keyof V & string;
export type FiltersByView<V extends ViewDefinitions> = { [View in ViewOf<V>]: FiltersOf<V[View]['filters']> };

/** A view's state as the URL holds it; `page` is 0-based. */
export interface ListUrlState<F, K extends string> {
  filters: F;
  sorting: ListSorting<K>;
  page: number;
}

type StateOf<V extends ViewDefinitions<K>, View extends ViewOf<V>, K extends string> = Pick<
  ListUrlState<FiltersByView<V>[View], K>,
  'filters' | 'sorting'
> & { page?: number };

const URL_PARAMS = { view: 'view', sort: 'sort', page: 'page' } as const;

/** A list's view, sort and page parameters, under its prefix when it has one. */
function urlParamsOf(prefix: string | undefined): Record<keyof typeof URL_PARAMS, string> {
  const named = (name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  return { view: named(URL_PARAMS.view), sort: named(URL_PARAMS.sort), page: named(URL_PARAMS.page) };
}

export function defineList<
  const N extends string,
  const V extends ViewDefinitions<K>,
  const K extends string,
>(config: ListConfig<N, V, K>) {
  const views = Object.keys(config.views) as ViewOf<V>[];
  const defaultView = views[0] as ViewOf<V>;
  const definitionOf = (view: ViewOf<V>) => config.views[view] as ViewDefinition<K>;
  const fieldsOf = (view: ViewOf<V>) => Object.entries(definitionOf(view).filters);
  const URL_PARAMS = urlParamsOf(config.urlPrefix);
  /** Every URL parameter the list writes: its view, sort and page, and each view's filters. */
  const ownParams = new Set([
    ...Object.values(URL_PARAMS),
    ...views.flatMap((view) => fieldsOf(view).map(([, field]) => field.param)),
  ]);
  const isSortKey = (key: string | null | undefined): key is K =>
    typeof key === 'string' && (config.sortKeys as readonly string[]).includes(key);

  function defaultFilters<View extends ViewOf<V>>(view: View): FiltersByView<V>[View] {
    return Object.fromEntries(
      fieldsOf(view).map(([key, field]) => [key, field.empty]),
    ) as FiltersByView<V>[View];
  }

  function initialSorting(view: ViewOf<V>): ListSorting<K> {
    return { ...definitionOf(view).sorting };
  }

  /** True when a view's filters are all unused. */
  function hasDefaultFilters<View extends ViewOf<V>>(view: View, filters: FiltersByView<V>[View]): boolean {
    const values = filters as Record<string, unknown>;
    return fieldsOf(view).every(([key, field]) => field.isEmpty(values[key]));
  }

  function sortingFromUrl(params: URLSearchParams, view: ViewOf<V>): ListSorting<K> {
    const raw = params.get(URL_PARAMS.sort);
    if (raw === null) return initialSorting(view);
    if (raw === 'none') return { key: null, direction: null };
    const [key, direction = 'asc'] = raw.split('.');
    if (!isSortKey(key) || (direction !== 'asc' && direction !== 'desc')) return initialSorting(view);
    return { key, direction };
  }

  /** A view's filters, sorting and page from the URL; unknown or missing values fall back to defaults. */
  function fromUrl<View extends ViewOf<V>>(
    params: URLSearchParams,
    view: View,
  ): ListUrlState<FiltersByView<V>[View], K> {
    const filters = Object.fromEntries(fieldsOf(view).map(([key, field]) => [key, field.fromUrl(params)]));
    const page = Number.parseInt(params.get(URL_PARAMS.page) ?? '1', 10);
    return {
      filters: filters as FiltersByView<V>[View],
      sorting: sortingFromUrl(params, view),
      page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    };
  }

  /** The search params of a view's state, defaults left out. */
  function toUrl<View extends ViewOf<V>>(view: View, state: StateOf<V, View, K>): URLSearchParams {
    const params = new URLSearchParams();
    if (view !== defaultView) params.set(URL_PARAMS.view, view);
    const values = state.filters as Record<string, unknown>;
    for (const [key, field] of fieldsOf(view)) {
      const value = field.toUrl(values[key]);
      if (value !== undefined) params.set(field.param, value);
    }
    const initial = definitionOf(view).sorting;
    const { key, direction } = state.sorting;
    if (key !== initial.key || direction !== initial.direction) {
      params.set(URL_PARAMS.sort, key && direction ? `${key}.${direction}` : 'none');
    }
    if (state.page && state.page > 0) params.set(URL_PARAMS.page, String(state.page + 1));
    return params;
  }

  /** Filters and sorting in canonical form (no page), to compare a URL with the state. */
  function urlKey<View extends ViewOf<V>>(view: View, state: StateOf<V, View, K>): string {
    return toUrl(view, { filters: state.filters, sorting: state.sorting }).toString();
  }

  /** `?view=…` as one of the views (the default view when missing or unknown). */
  function parseView(value: string | null): ViewOf<V> {
    return views.find((view) => view === value) ?? defaultView;
  }

  /** The list request's query for a view's filters and sorting (without paging). */
  function toQuery<View extends ViewOf<V>>(
    view: View,
    state: StateOf<V, View, K>,
  ): Record<string, QueryValue> {
    const query: Record<string, QueryValue> = {};
    if (config.viewQueryParam) query[config.viewQueryParam] = view;
    const values = state.filters as Record<string, unknown>;
    for (const [key, field] of fieldsOf(view)) {
      const value = field.toQuery(values[key]);
      if (value !== undefined) query[key] = value;
    }
    const { key, direction } = state.sorting;
    if (key && direction) {
      query.sortingKey = key;
      query.sortingDirection = direction;
    }
    return query;
  }

  return {
    ...config,
    viewNames: views,
    defaultView,
    isSortKey,
    defaultFilters,
    initialSorting,
    hasDefaultFilters,
    fromUrl,
    toUrl,
    /** Whether a URL parameter is the list's (the others, an open record's tab, are left as they are). */
    ownsUrlParam: (name: string) => ownParams.has(name),
    urlKey,
    parseView,
    toQuery,
  };
}

export type ListDefinition<N extends string, V extends ViewDefinitions<K>, K extends string> = ReturnType<
  typeof defineList<N, V, K>
>;
