import type { SsoSettings, SsoSettingsInput } from '@equip/domain/organizations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

const SSO_PATH = '/organization/sso';
const ssoSettingsKey = ['organization', 'sso'] as const;

/** The organisation's single sign-on: provider, issuer and client id (the secret never comes back). */
export const ssoSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ssoSettingsKey,
    queryFn: ({ signal }) => platformApi.get<SsoSettings>(SSO_PATH, { signal }),
  });

/** Sets up or changes OpenID Connect single sign-on; without `clientSecret` the stored one stays. */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoSettingsInput) => platformApi.put<SsoSettings>(SSO_PATH, input),
    onSuccess: (settings) => queryClient.setQueryData(ssoSettingsKey, settings),
  });
}
