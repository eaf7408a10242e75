import type {
  HrConflict,
  HrConflictPage,
  HrConflictResolution,
  HrProvider,
  HrSyncPreview,
  HrSyncRun,
  HrSyncRunPage,
} from '@equip/domain/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { integrationKeys, integrationPath } from './query-keys';

/** The newest runs and open conflicts shown on a card (the API pages them; a card shows the first page). */
const PAGE = 20;

/** `POST /api/integrations/:provider/sync/preview`: what the first sync will do, nothing written. */
export function previewSync(provider: HrProvider): Promise<HrSyncPreview> {
  return platformApi.post<HrSyncPreview>(`${integrationPath(provider)}/sync/preview`);
}

export function usePreviewSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: previewSync,
    // The setup status moved on (FINAL_SYNC_PENDING).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** `POST /api/integrations/:provider/sync`: queues a sync now; the answer is the queued run. */
export function runSync(provider: HrProvider): Promise<HrSyncRun> {
  return platformApi.post<HrSyncRun>(`${integrationPath(provider)}/sync`);
}

export function useRunSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSync,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

export const syncRunsQueryOptions = (provider: HrProvider) =>
  queryOptions({
    queryKey: [...integrationKeys.all, 'runs', provider] as const,
    queryFn: ({ signal }) =>
      platformApi.get<HrSyncRunPage>('/integrations/sync-runs', {
        query: { provider, skip: 0, take: PAGE },
        signal,
      }),
    // A queued or running sync is watched until it ends.
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false,
  });

/** The integration's sync log, newest first. */
export function useSyncRuns(provider: HrProvider, enabled: boolean) {
  return useQuery({ ...syncRunsQueryOptions(provider), enabled });
}

/** The integration's conflicts waiting for a decision, newest first. */
export function useConflicts(provider: HrProvider, enabled: boolean) {
  return useQuery({
    queryKey: [...integrationKeys.all, 'conflicts', provider] as const,
    queryFn: ({ signal }) =>
      platformApi.get<HrConflictPage>('/integrations/conflicts', {
        query: { provider, skip: 0, take: PAGE },
        signal,
      }),
    enabled,
  });
}

/** `POST /api/integrations/conflicts/:uuid/resolve`: keep the HR system's value or Equip's. */
export function resolveConflict(uuid: string, keep: HrConflictResolution): Promise<HrConflict> {
  return platformApi.post<HrConflict>(`/integrations/conflicts/${encodeURIComponent(uuid)}/resolve`, {
    keep,
  });
}

export function useResolveConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, keep }: { uuid: string; keep: HrConflictResolution }) => resolveConflict(uuid, keep),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
