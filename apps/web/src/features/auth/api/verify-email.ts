import type { VerifyEmailRequest } from '@equip/domain/identity';
import { queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

export const VERIFY_EMAIL_PATH = '/user/shared/auth/unprotected/verify-email';

export function verifyEmail(code: string): Promise<void> {
  return platformApi.post<void>(VERIFY_EMAIL_PATH, { code } satisfies VerifyEmailRequest);
}

/**
 * The code is used up by the first call, so the check runs once per code (a query, not an effect:
 * remounts, e.g. in strict mode, share the one request).
 */
export function verifyEmailQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', code],
    queryFn: async () => {
      await verifyEmail(code);
      return true as const;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
