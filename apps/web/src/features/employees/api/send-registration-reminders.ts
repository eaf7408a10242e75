import type { DeviceRegistrationReminderRequest, RegistrationRemindersSent } from '@equip/domain/employees';
import { useMutation } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

export function sendRegistrationReminders(
  userUuids: DeviceRegistrationReminderRequest['userUuids'],
): Promise<RegistrationRemindersSent> {
  return platformApi.post<RegistrationRemindersSent>('/organization-setup/registration-reminders', {
    userUuids,
  } satisfies DeviceRegistrationReminderRequest);
}

export function useSendRegistrationReminders() {
  return useMutation({ mutationFn: sendRegistrationReminders });
}
