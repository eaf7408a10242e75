import { type RegistrationReminderPage, RegistrationReminderView } from '@equip/domain/employees';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { employeeKeys } from './query-keys';

const PATH = '/organization-setup/registration-reminders';
export const REGISTRATION_REMINDERS_PAGE_SIZE = 50;

/** One page of the people who have not registered a device yet, in a view, as the server sorts them. */
export function getRegistrationReminders(
  params: ListPageParams,
  signal?: AbortSignal,
): Promise<RegistrationReminderPage> {
  return platformApi.get<RegistrationReminderPage>(PATH, {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getRegistrationRemindersQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: [...employeeKeys.registrationReminders(), 'list', params],
    queryFn: ({ signal }) => getRegistrationReminders(params, signal),
    placeholderData: keepPreviousData,
  });

/** How many people each view lists (the views' totals, one row each). */
export const registrationReminderCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...employeeKeys.registrationReminders(), 'counts'],
    queryFn: async ({ signal }) => {
      const views = RegistrationReminderView.options;
      const pages = await Promise.all(
        views.map((view) => getRegistrationReminders({ filter: { view }, skip: 0, take: 1 }, signal)),
      );
      return Object.fromEntries(views.map((view, i) => [view, pages[i]!.total])) as Record<
        RegistrationReminderView,
        number
      >;
    },
  });
