import { SortingDirection } from '@equip/domain/common';
import { EmployeeSortingKey, type EmployeeTableView } from '@equip/domain/employees';
import { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import type { z } from 'zod';
import {
  type DEFAULT_ALL_FILTERS,
  type EmployeeSorting,
  type FiltersByView,
  INITIAL_SORTING,
} from '../employees-table-slice';

/**
 * The table state in the URL, so a view can be shared and survives a reload:
 * `?view=all&q=anna&userType=regularUser,lightUser&status=ACTIVE&source=hris&withoutBundle=true
 * &inactive=true&sort=startDate.desc&page=3`. Defaults are left out; `sort=none` marks an unsorted
 * view whose initial sorting is not none.
 */
export interface TableUrlState<V extends EmployeeTableView = EmployeeTableView> {
  filters: FiltersByView[V];
  sorting: EmployeeSorting;
  /** 0-based page index. */
  page: number;
}

const PARAM = {
  view: 'view',
  text: 'q',
  userType: 'userType',
  employeeStatus: 'status',
  userSources: 'source',
  onlyWithoutAssignedBundle: 'withoutBundle',
  withInactiveUsers: 'inactive',
  sort: 'sort',
  page: 'page',
} as const;

function listParam<T extends z.ZodType>(params: URLSearchParams, name: string, schema: T): z.infer<T>[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => schema.safeParse(value).success) as z.infer<T>[];
  return [...new Set(values)];
}

function sortingParam(params: URLSearchParams, view: EmployeeTableView): EmployeeSorting {
  const raw = params.get(PARAM.sort);
  if (raw === null) return { ...INITIAL_SORTING[view] };
  if (raw === 'none') return { key: null, direction: null };
  const [key, direction = 'asc'] = raw.split('.');
  const parsedKey = EmployeeSortingKey.safeParse(key);
  const parsedDirection = SortingDirection.safeParse(direction);
  if (!parsedKey.success || !parsedDirection.success) return { ...INITIAL_SORTING[view] };
  return { key: parsedKey.data, direction: parsedDirection.data };
}

export function parseTableUrl<V extends EmployeeTableView>(
  params: URLSearchParams,
  view: V,
): TableUrlState<V> {
  const text = params.get(PARAM.text) ?? '';
  const filters =
    view === 'all'
      ? {
          textSearchQuery: text,
          userType: listParam(params, PARAM.userType, UserType),
          employeeStatus: listParam(params, PARAM.employeeStatus, EmployeeStatus),
          userSources: listParam(params, PARAM.userSources, UserSource),
          onlyWithoutAssignedBundle: params.get(PARAM.onlyWithoutAssignedBundle) === 'true',
          withInactiveUsers: params.get(PARAM.withInactiveUsers) === 'true',
        }
      : { textSearchQuery: text };
  const page = Number.parseInt(params.get(PARAM.page) ?? '1', 10);
  return {
    filters: filters as FiltersByView[V],
    sorting: sortingParam(params, view),
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

/** The search params of a view's state (defaults left out). */
export function serializeTableUrl<V extends EmployeeTableView>(
  view: V,
  state: Pick<TableUrlState<V>, 'filters' | 'sorting'> & { page?: number },
): URLSearchParams {
  const params = new URLSearchParams();
  if (view !== 'all') params.set(PARAM.view, view);
  const filters = state.filters as Partial<typeof DEFAULT_ALL_FILTERS>;
  if (filters.textSearchQuery) params.set(PARAM.text, filters.textSearchQuery);
  if (view === 'all') {
    if (filters.userType?.length) params.set(PARAM.userType, filters.userType.join(','));
    if (filters.employeeStatus?.length) params.set(PARAM.employeeStatus, filters.employeeStatus.join(','));
    if (filters.userSources?.length) params.set(PARAM.userSources, filters.userSources.join(','));
    if (filters.onlyWithoutAssignedBundle) params.set(PARAM.onlyWithoutAssignedBundle, 'true');
    if (filters.withInactiveUsers) params.set(PARAM.withInactiveUsers, 'true');
  }
  const initial = INITIAL_SORTING[view];
  const { key, direction } = state.sorting;
  if (key !== initial.key || direction !== initial.direction) {
    params.set(PARAM.sort, key && direction ? `${key}.${direction}` : 'none');
  }
  if (state.page && state.page > 0) params.set(PARAM.page, String(state.page + 1));
  return params;
}

/** Filters and sorting in canonical form (no page), to compare a URL with the state. */
export function tableStateKey<V extends EmployeeTableView>(
  view: V,
  state: Pick<TableUrlState<V>, 'filters' | 'sorting'>,
): string {
  return serializeTableUrl(view, { filters: state.filters, sorting: state.sorting }).toString();
}

/** `?view=…` of a search string, as a table view ('all' when missing or unknown). */
export function parseView(value: string | null): EmployeeTableView {
  return value === 'onboarding' || value === 'offboarding' ? value : 'all';
}
