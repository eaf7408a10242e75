import { z } from 'zod';

/** The request headers of an import upload (the file's name, URI-encoded). */
export const ImportUploadHeaders = z.object({ 'x-file-name': z.string().max(300).optional() }).loose();

/** What an import answers once everything is written (all or nothing). */
export const ImportResult = z.object({ imported: z.number().int() });
export type ImportResult = z.infer<typeof ImportResult>;
