import type { AssetItem, BulkAssetsResult, BulkAssignAssetsRequest } from '@equip/domain/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { assetKeys } from './query-keys';

/** `PUT /api/assets/:uuid/assignment`: to a person (a transfer when another has it), or back to stock. */
export function assignAsset(uuid: string, employeeUuid: string | null): Promise<AssetItem> {
  return platformApi.put<AssetItem>(`/assets/${encodeURIComponent(uuid)}/assignment`, { employeeUuid });
}

/** `POST /api/assets/bulk-assign`: several items to one person, or back to stock (all or none). */
export function bulkAssignAssets(request: BulkAssignAssetsRequest): Promise<BulkAssetsResult> {
  return platformApi.post<BulkAssetsResult>('/assets/bulk-assign', request);
}

/** Lists, counts and details change with an assignment: the whole area is refreshed. */
export function useAssignAsset(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employeeUuid: string | null) => assignAsset(uuid, employeeUuid),
    onSuccess: (item) => {
      queryClient.setQueryData(assetKeys.detail(uuid), item);
      return queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}

export function useBulkAssignAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAssignAssets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
