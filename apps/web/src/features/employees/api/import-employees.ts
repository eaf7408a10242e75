import type { ImportResult } from '@equip/domain/csv-import/contract';
import { platformApi } from '@/lib/api/clients';
import { type UploadProgress, uploadImportFile } from '@/lib/csv-import/upload';

/**
 * Commits an import: the checked rows go up as `text/csv` with upload progress, through the shared
 * API client (its token refresh after a 401). The server validates them again and writes all rows or
 * none. Errors are an `ApiError` (row errors carry `param: rows.N.field`) or an `HttpError`.
 */
export function importEmployeesFile(
  file: Blob,
  fileName: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return uploadImportFile(platformApi, '/employees/import', file, {
    fileName,
    contentType: 'text/csv',
    onProgress,
    ...(signal ? { signal } : {}),
  });
}
