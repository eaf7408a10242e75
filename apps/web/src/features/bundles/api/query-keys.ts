import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of the bundles area; invalidating `bundleKeys.all` refreshes every list and detail. */
export const bundleKeys = {
  all: ['bundles'] as const,
  lists: () => [...bundleKeys.all, 'list'] as const,
  list: (params: ListPageParams) => [...bundleKeys.lists(), params] as const,
  detail: (uuid: string) => [...bundleKeys.all, 'detail', uuid] as const,
  employees: (uuid: string, params: ListPageParams) =>
    [...bundleKeys.all, 'employees', uuid, params] as const,
  catalog: () => [...bundleKeys.all, 'catalog'] as const,
  people: (search: string) => [...bundleKeys.all, 'people', search] as const,
  personApplications: (uuid: string) => [...bundleKeys.all, 'person-applications', uuid] as const,
  settings: () => [...bundleKeys.all, 'settings'] as const,
};
