import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

/** A person who has not registered a device yet. */
export interface ReminderCandidate {
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  department: string | null;
  startDate: string | null;
  employeeStatus: string;
}

export function getRegistrationReminders(signal?: AbortSignal): Promise<{ items: ReminderCandidate[] }> {
  return platformApi.get<{ items: ReminderCandidate[] }>('/organization-setup/registration-reminders', {
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
