import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of the employees area; invalidating `employeeKeys.all` refreshes every list and detail. */
export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (params: ListPageParams) => [...employeeKeys.lists(), params] as const,
  detail: (uuid: string) => [...employeeKeys.all, 'detail', uuid] as const,
  devices: (uuid: string) => [...employeeKeys.all, 'devices', uuid] as const,
  registrationReminders: () => [...employeeKeys.all, 'registration-reminders'] as const,
};
