import type { ImportResult } from '@equip/domain/csv-import/contract';
import { platformApi } from '@/lib/api/clients';
import { type UploadProgress, uploadImportFile } from '@/lib/csv-import/upload';

/**
 * Commits a peripheral import: the checked rows go up as `text/csv` with upload progress (see
 * uploadImportFile); the server checks them again and writes all or none.
 */
export function importAssetsFile(
  file: Blob,
  fileName: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<ImportResult> {
  return uploadImportFile(platformApi, '/assets/import', file, {
    fileName,
    contentType: 'text/csv',
    onProgress,
  });
}
