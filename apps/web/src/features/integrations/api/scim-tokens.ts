import type {
  CreateScimTokenRequest,
  ScimToken,
  ScimTokenList,
  ScimTokenWithSecret,
} from '@equip/domain/scim-tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys } from './query-keys';

/** `GET /api/scim-tokens`: the organisation's SCIM tokens, newest first (never their values). */
export function getScimTokens(signal?: AbortSignal): Promise<ScimTokenList> {
  return platformApi.get<ScimTokenList>('/scim-tokens', { signal });
}

export const getScimTokensQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.scimTokens(),
    queryFn: ({ signal }) => getScimTokens(signal),
    select: (data) => data.items,
  });

export function useScimTokens() {
  return useQuery(getScimTokensQueryOptions());
}

/** `POST /api/scim-tokens`: the answer holds the token, this once. */
export function createScimToken(input: CreateScimTokenRequest): Promise<ScimTokenWithSecret> {
  return platformApi.post<ScimTokenWithSecret>('/scim-tokens', input);
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.scimTokens() }),
  });
}

/** `POST /api/scim-tokens/:uuid/revoke`: the identity provider is refused from its next request on. */
export function revokeScimToken(uuid: string): Promise<ScimToken> {
  return platformApi.post<ScimToken>(`/scim-tokens/${encodeURIComponent(uuid)}/revoke`);
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeScimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.scimTokens() }),
  });
}
