import type { AssetImportCheckRequest, AssetImportCheckResponse } from '@equip/domain/asset-import';
import { platformApi } from '@/lib/api/clients';

/** Which of a file's assignee and kind keys name a person or a kind of the organisation (the preview asks once). */
export async function checkAssetImport(request: AssetImportCheckRequest): Promise<AssetImportCheckResponse> {
  if (request.assignedTo.length === 0 && request.kind.length === 0) return { assignedTo: [], kind: [] };
  return platformApi.post<AssetImportCheckResponse>('/assets/import/check', request);
}
