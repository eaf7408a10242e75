import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

/** SPEC §9: data stays fresh for 120000 ms; queries retry once; mutations never retry. */
export const QUERY_STALE_TIME_MS = 120_000;
export const QUERY_RETRY = 1;
export const MUTATION_RETRY = false;

export const queryDefaults = {
  queries: { staleTime: QUERY_STALE_TIME_MS, retry: QUERY_RETRY, refetchOnWindowFocus: false },
  mutations: { retry: MUTATION_RETRY },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
