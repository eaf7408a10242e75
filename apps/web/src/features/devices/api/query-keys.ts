import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of the devices area; invalidating `deviceKeys.all` refreshes every list and detail. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (params: ListPageParams) => [...deviceKeys.lists(), params] as const,
  detail: (uuid: string) => [...deviceKeys.all, 'detail', uuid] as const,
  history: (uuid: string) => [...deviceKeys.all, 'history', uuid] as const,
  software: (uuid: string) => [...deviceKeys.all, 'software', uuid] as const,
  softwarePage: (uuid: string, params: ListPageParams) => [...deviceKeys.software(uuid), params] as const,
  /** Installs and uninstalls (decision 030): under the software, so reading it again refreshes them too. */
  softwareCommands: (uuid: string) => [...deviceKeys.software(uuid), 'commands'] as const,
  catalog: (search: string) => [...deviceKeys.all, 'catalog', search] as const,
  people: (search: string) => [...deviceKeys.all, 'people', search] as const,
};
