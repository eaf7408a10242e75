import type { DeviceRegistrationReminderRequest, RegistrationRemindersSent } from '@equip/domain/employees';
import { useMutation } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

/** Mails reminders to the people named, or to everyone a view lists. */
export function sendRegistrationReminders(
  request: DeviceRegistrationReminderRequest,
): Promise<RegistrationRemindersSent> {
  return platformApi.post<RegistrationRemindersSent>('/organization-setup/registration-reminders', request);
}

export function useSendRegistrationReminders() {
  return useMutation({ mutationFn: sendRegistrationReminders });
}
