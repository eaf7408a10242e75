import type { CheckEmailsRequest, CheckEmailsResponse } from '@equip/domain/employees';
import { platformApi } from '@/lib/api/clients';

/** Which of these emails people of the organisation already use (lower-case), for the import preview. */
export async function checkEmails(emails: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (unique.length === 0) return new Set();
  const { inUse } = await platformApi.post<CheckEmailsResponse>('/employees/import/check-emails', {
    emails: unique,
  } satisfies CheckEmailsRequest);
  return new Set(inUse.map((e) => e.toLowerCase()));
}
