import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

/**
 * The SCIM 2.0 server's bearer tokens (issue 30 item 6, decision 034): an identity provider (Entra ID,
 * Okta) provisions the organisation's people and groups at `/scim/v2` with one. A token is answered once,
 * when it is created, and stored as its hash; revoking it ends its use at once.
 */

/** What the token's value starts with, so a leaked one is recognisable in a scan. */
export const SCIM_TOKEN_PREFIX = 'equip_scim_';

/** The SCIM base path the identity provider is given (beside the installation's address). */
export const SCIM_BASE_PATH = '/scim/v2';

export const CreateScimTokenRequest = z.object({
  /** What the token is for, e.g. "Entra ID". */
  name: z.string().trim().min(1).max(100),
});
export type CreateScimTokenRequest = z.input<typeof CreateScimTokenRequest>;

/** A token as listed: never its value. */
export const ScimToken = z.object({
  uuid: Uuid,
  name: z.string(),
  /** The token's last four characters. */
  hint: z.string(),
  lastUsedAt: IsoDateTime.nullable(),
  revokedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type ScimToken = z.infer<typeof ScimToken>;
export const ScimTokenList = z.object({ items: z.array(ScimToken) });
export type ScimTokenList = z.infer<typeof ScimTokenList>;

/** Create answers the token's value, this once; it is not shown again. */
export const ScimTokenWithSecret = ScimToken.extend({ token: z.string().startsWith(SCIM_TOKEN_PREFIX) });
export type ScimTokenWithSecret = z.infer<typeof ScimTokenWithSecret>;
