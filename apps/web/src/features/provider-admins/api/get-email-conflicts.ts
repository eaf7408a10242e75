import type { EmailConflict, EmailConflictList } from '@equip/domain/provider-admins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { retryUnlessClientError } from '@/lib/session';

export const EMAIL_CONFLICTS_PATH = '/admin/email-conflicts';
export const emailConflictsQueryKey = ['admin', 'email-conflicts'] as const;

/**
 * Emails several accounts shared before an email identified one account in the installation: none of
 * them signs in by email until all but one have another email.
 */
export async function getEmailConflicts(signal?: AbortSignal): Promise<EmailConflict[]> {
  const { items } = await platformApi.get<EmailConflictList>(EMAIL_CONFLICTS_PATH, { signal });
  return items;
}

export function useEmailConflicts() {
  return useQuery(
    queryOptions({
      queryKey: emailConflictsQueryKey,
      queryFn: ({ signal }) => getEmailConflicts(signal),
      retry: retryUnlessClientError,
    }),
  );
}
