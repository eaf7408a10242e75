import type { ApiClient } from '@/lib/api/api-client';

export interface UploadProgress {
  /** Bytes sent so far and in total. */
  loaded: number;
  total: number;
  /** True once the whole file is sent and the server is writing the rows. */
  uploaded: boolean;
}

/** Response headers of an XMLHttpRequest as a Headers object. */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  const raw = typeof xhr.getAllResponseHeaders === 'function' ? xhr.getAllResponseHeaders() : '';
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` that sends with XMLHttpRequest, which reports upload progress (fetch does not). The shared
 * API client sends through it, so the token, the one shared refresh after a 401 and the error mapping
 * are the client's own.
 */
export function progressTransport(onProgress: (progress: UploadProgress) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      for (const [name, value] of new Headers(init.headers).entries()) xhr.setRequestHeader(name, value);
      const body = init.body as Blob | undefined;
      const size = body?.size ?? 0;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total, uploaded: false });
      };
      xhr.upload.onload = () => onProgress({ loaded: size, total: size, uploaded: true });
      xhr.onload = () => {
        // A Response cannot carry the informational statuses; XMLHttpRequest never reports them.
        const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500;
        const empty = status === 204 || status === 205 || status === 304;
        resolve(new Response(empty ? null : xhr.responseText, { status, headers: headersOf(xhr) }));
      };
      xhr.onerror = () => reject(new TypeError('Network error while uploading the file'));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body ?? null);
    });
}

/**
 * Sends an import file to `path` of `client` as the raw file (`contentType`), with upload progress.
 * The server validates it again and writes all rows or none. Errors are the client's `ApiError` (row
 * errors carry `param: rows.N.field`) or `HttpError`.
 */
export function uploadImportFile<T>(
  client: ApiClient,
  path: string,
  file: Blob,
  options: {
    fileName: string;
    contentType: string;
    onProgress: (progress: UploadProgress) => void;
    signal?: AbortSignal;
  },
): Promise<T> {
  return client.post<T>(path, file, {
    headers: { 'Content-Type': options.contentType, 'x-file-name': encodeURIComponent(options.fileName) },
    transport: progressTransport(options.onProgress),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Row errors of a refused import, by row index: `param: rows.N.field`. */
export function rowErrorsOf(
  errors: readonly { param?: string | undefined; errorType?: string | undefined; msg: string }[],
) {
  const byRow = new Map<number, { field: string; type: string; message: string }[]>();
  const fileErrors: { errorType?: string | undefined; msg: string }[] = [];
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
