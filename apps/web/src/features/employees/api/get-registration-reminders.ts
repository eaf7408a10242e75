import type { RegistrationReminderCandidateList } from '@equip/domain/employees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

/** The people who have not registered a device yet. */
export function getRegistrationReminders(signal?: AbortSignal): Promise<RegistrationReminderCandidateList> {
  return platformApi.get<RegistrationReminderCandidateList>('/organization-setup/registration-reminders', {
    signal,
  });
}

export const getRegistrationRemindersQueryOptions = () =>
  queryOptions({
    queryKey: employeeKeys.registrationReminders(),
    queryFn: ({ signal }) => getRegistrationReminders(signal),
    select: (data) => data.items,
  });

export function useRegistrationReminders() {
  return useQuery(getRegistrationRemindersQueryOptions());
}
