import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of the audit log; invalidating `auditLogKeys.all` refreshes the list and the open event. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  list: (params: ListPageParams, timeZone: string | undefined) =>
    [...auditLogKeys.lists(), params, timeZone] as const,
  event: (uuid: string) => [...auditLogKeys.all, 'event', uuid] as const,
};
