import { DeviceRegistrationReminderRequest } from '@equip/domain/employees';
import { useMutation } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

export const sendRegistrationRemindersInputSchema = DeviceRegistrationReminderRequest;

export function sendRegistrationReminders(userUuids: readonly string[]): Promise<{ sent: number }> {
  return platformApi.post<{ sent: number }>('/organization-setup/registration-reminders', {
    userUuids,
  });
}

export function useSendRegistrationReminders() {
  return useMutation({ mutationFn: sendRegistrationReminders });
}
