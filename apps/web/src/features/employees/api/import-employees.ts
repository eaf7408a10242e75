import { type ApiErrorEntry, isApiErrorPayload } from '@equip/domain/errors';
import { platformApi } from '@/lib/api/clients';
import { ApiError, HttpError } from '@/lib/api/errors';
import { getAccessToken } from '@/lib/auth-tokens';

/** Larger files are refused by the server (413); the browser says so before uploading. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface ImportProgress {
  /** Bytes sent so far and in total. */
  loaded: number;
  total: number;
  /** True once the whole file is sent and the server is writing the rows. */
  uploaded: boolean;
}

function send(
  url: string,
  csv: Blob,
  fileName: string,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(fileName));
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total, uploaded: false });
    };
    xhr.upload.onload = () => onProgress({ loaded: csv.size, total: csv.size, uploaded: true });
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // not JSON: keep the text
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new TypeError('Network error while uploading the file'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(csv);
  });
}

/**
 * Commits an import: the CSV goes up as `text/csv` with upload progress (XMLHttpRequest, since
 * fetch reports none). The server validates it again and writes all rows or none. Errors are an
 * `ApiError` (row errors carry `param: rows.N.field`) or an `HttpError`.
 */
export async function importEmployeesCsv(
  csv: string,
  fileName: string,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<{ imported: number }> {
  const url = `${platformApi.baseUrl}/employees/import`;
  const file = new Blob([csv], { type: 'text/csv' });
  let response = await send(url, file, fileName, onProgress, signal);
  if (response.status === 401) {
    // Any platform call refreshes an expired token (the shared 401 handling); then try once more.
    const before = getAccessToken();
    await platformApi.get('/user/shared/auth/me').catch(() => undefined);
    if (getAccessToken() && getAccessToken() !== before) {
      response = await send(url, file, fileName, onProgress, signal);
    }
  }
  if (response.status >= 200 && response.status < 300) return response.body as { imported: number };
  if (isApiErrorPayload(response.body)) throw new ApiError(response.status, response.body.errors);
  throw new HttpError(response.status, response.body);
}

/** Row errors of a refused import, by row index: `param: rows.N.field`. */
export function rowErrorsOf(errors: readonly ApiErrorEntry[]): {
  byRow: Map<number, { field: string; type: string; message: string }[]>;
  fileErrors: ApiErrorEntry[];
} {
  const byRow = new Map<number, { field: string; type: string; message: string }[]>();
  const fileErrors: ApiErrorEntry[] = [];
  for (const error of errors) {
    const match = /^rows\.(\d+)\.?(.*)$/.exec(error.param ?? '');
    if (!match) {
      fileErrors.push(error);
      continue;
    }
    const index = Number(match[1]);
    const list = byRow.get(index) ?? [];
    list.push({ field: match[2] ?? '', type: error.errorType ?? 'ZodValidationError', message: error.msg });
    byRow.set(index, list);
  }
  return { byRow, fileErrors };
}
