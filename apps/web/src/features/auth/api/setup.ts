import type { LoggedInResponse } from '@equip/domain/identity';
import type { InstallationSetupRequest, SetupLinkRequest, SetupLinkState } from '@equip/domain/setup';
import { queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { sendEncryptedPassword } from '@/lib/api/encrypt-password';
import { retryUnlessClientError } from '@/lib/session';

export const SETUP_CHECK_PATH = '/setup/check';
export const SETUP_PATH = '/setup';

/** Whether a set-up link still works: 400 `InvalidToken` when not, 409 when Equip is set up. */
export function checkSetupLink(token: string, signal?: AbortSignal): Promise<SetupLinkState> {
  return platformApi.post<SetupLinkState>(SETUP_CHECK_PATH, { token } satisfies SetupLinkRequest, { signal });
}

export const setupLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['setup-link', token],
    queryFn: ({ signal }) => checkSetupLink(token, signal),
    retry: (failures, error: Error) => retryUnlessClientError(failures, error),
    // A link is checked once per visit: it only stops working when it is used or expires.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What the set-up form sends: the request with the password in the clear, encrypted on the way. */
export type SetupInput = Omit<InstallationSetupRequest, 'person'> & {
  person: Omit<InstallationSetupRequest['person'], 'encryptedPassword'> & { password: string };
};

/** Sets Equip up with the link and signs the person in (the password travels encrypted). */
export function completeSetup({
  person: { password, ...person },
  ...input
}: SetupInput): Promise<LoggedInResponse> {
  return sendEncryptedPassword(password, (encryptedPassword) =>
    platformApi.post<LoggedInResponse>(SETUP_PATH, {
      ...input,
      person: { ...person, encryptedPassword },
    } satisfies InstallationSetupRequest),
  );
}
