import { PROVIDER_ORGANIZATION_UUID } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../auth/index.ts';

/**
 * The enrolment area's bearer tokens (decision 013). Each names its organisation so that the request
 * goes straight into that tenant's transaction (row-level security), and is otherwise 256 random bits;
 * only the SHA-256 of the whole token is stored, and it is shown once.
 * - `ees`: the enrolment session of /start (30 minutes);
 * - `eqe`: the one-time token the Finish step shows for `equip-agent enroll` (24 hours);
 * - `eqa`: the agent's lasting credential for check-ins (until the device is enrolled again).
 */
export type TokenKind = 'ees' | 'eqe' | 'eqa';

export const SESSION_TTL_MS = 30 * 60 * 1000;
export const ENROLLMENT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function issueToken(kind: TokenKind, organizationUuid: string): { token: string; hash: string } {
  const token = `${kind}.${organizationUuid}.${randomToken()}`;
  return { token, hash: sha256(token) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The organisation and hash of a token of this kind, or null for anything malformed. */
export function readToken(
  kind: TokenKind,
  token: string | null,
): { organizationUuid: string; hash: string } | null {
  if (!token) return null;
  const [prefix, organizationUuid, secret, ...rest] = token.split('.');
  if (prefix !== kind || !organizationUuid || !secret || rest.length > 0) return null;
  if (!UUID.test(organizationUuid) || organizationUuid === PROVIDER_ORGANIZATION_UUID) return null;
  return { organizationUuid, hash: sha256(token) };
}
