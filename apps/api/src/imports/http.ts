import { XLSX_MIME } from '@equip/domain/csv-import/export';
import { DEFAULT_IMPORT_LIMITS } from '@equip/domain/csv-import/limits';
import { CONTROL_CHARACTER } from '@equip/domain/text';
import { AppError, fieldError } from '../http/errors.ts';
import type { App } from '../http/types.ts';

/** Uploads larger than this are refused with a clear message (413). */
export const MAX_IMPORT_BYTES = DEFAULT_IMPORT_LIMITS.bytes;

/** The content types an import upload may have: the raw file. */
export const IMPORT_CONTENT_TYPES = ['text/csv', 'application/octet-stream', XLSX_MIME];

/** Registers the raw-file body parser of import uploads once per server. */
export function acceptImportUploads(app: App): void {
  if (app.hasContentTypeParser('text/csv')) return;
  app.addContentTypeParser(
    IMPORT_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_req, body, done) => done(null, body),
  );
}

export { ImportUploadHeaders } from '@equip/domain/csv-import/contract';

/** The uploaded file, or 415 when the body is not a raw file. */
export function uploadedFile(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) {
    throw new AppError(415, { msg: 'Send the file as text/csv', errorType: 'UnknownError' });
  }
  return body;
}

/** The file's name, sent URI-encoded in `x-file-name` (it goes into the event log). */
export function decodeFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    throw new AppError(
      400,
      fieldError('header', ['x-file-name'], 'The file name is not URI-encoded (encodeURIComponent)'),
    );
  }
  if (CONTROL_CHARACTER.test(name)) {
    throw new AppError(
      400,
      fieldError(
        'header',
        ['x-file-name'],
        'The file name must not contain control characters (such as NUL)',
      ),
    );
  }
  return name;
}
