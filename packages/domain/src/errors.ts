import { z } from 'zod';

/** Where a bad value was found (SPEC §3 "API error payload"). */
export const ErrorLocation = z.enum(['body', 'header', 'query', 'params']);
export type ErrorLocation = z.infer<typeof ErrorLocation>;

/** One entry of the spec's error payload. */
export const ApiErrorEntry = z.object({
  msg: z.string(),
  location: ErrorLocation.optional(),
  param: z.string().optional(),
  value: z.unknown().optional(),
  errorCode: z.number().int().optional(),
  errorType: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
});
export type ApiErrorEntry = z.infer<typeof ApiErrorEntry>;

/** Every error the APIs answer has this shape: `{ errors: [...] }`. */
export const ApiErrorPayload = z.object({ errors: z.array(ApiErrorEntry).min(1) });
export type ApiErrorPayload = z.infer<typeof ApiErrorPayload>;

export { ErrorType, Messages } from './error-catalogue.ts';

/** True when a value is shaped like the spec's error payload (used by the clients to unwrap bodies). */
export function isApiErrorPayload(value: unknown): value is ApiErrorPayload {
  return ApiErrorPayload.safeParse(value).success;
}
