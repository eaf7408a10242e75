import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { Role } from '@equip/domain/identity';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { AccessTokenVerifier, AuthContext } from '../../http/access.ts';

const ISSUER = 'equip';
const AUDIENCE = 'equip-api';

const Claims = z.object({
  iss: z.literal(ISSUER),
  aud: z.union([z.literal(AUDIENCE), z.array(z.string()).refine((list) => list.includes(AUDIENCE))]),
  sub: z.uuid(),
  sid: z.uuid(),
  exp: z.number(),
  iat: z.number(),
  nbf: z.number().optional(),
  role: Role,
  org: z.uuid(),
  treats: z.object({ organization_uuid: z.uuid() }),
});

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Whether a token part is written as RFC 7515 writes it: base64url without padding, and without stray
 * bits in its last character. Node's decoder (and jose's) also reads standard base64, padding and such
 * bits, so one signed token had many spellings that all verified (issue 24); only the one is accepted.
 */
function isCanonicalBase64url(part: string): boolean {
  return BASE64URL.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

/**
 * Short-lived JWT access tokens (HS256). The token's identity is `sub` plus `treats.organization_uuid`;
 * `sid` names the session (the refresh-token family) behind it, which every request checks is still live
 * (sessions.ts). A token without `exp`, `sub` or `sid` is refused.
 */
export class AccessTokens implements AccessTokenVerifier {
  /** The key as a Node key object, made once: verifying is on every request's path. */
  private readonly key: KeyObject;

  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(secret);
  }

  sign(auth: AuthContext): Promise<string> {
    return new SignJWT({
      sid: auth.sessionUuid,
      role: auth.role,
      org: auth.homeOrganizationUuid,
      treats: { organization_uuid: auth.organizationUuid },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(auth.userUuid)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.secret);
  }

  /**
   * Verifies an HS256 token with node:crypto directly (jose's WebCrypto path imported the key on every
   * call, a measurable share of a list request): only canonical base64url parts, only `alg: HS256`, a
   * constant-time signature check, then issuer, audience, expiry and the required claims.
   */
  async verify(token: string, nowSeconds = Date.now() / 1000): Promise<AuthContext | null> {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every(isCanonicalBase64url)) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: z.infer<typeof Claims>;
    try {
      const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
      if (alg !== 'HS256') return null;
      const parsed = Claims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      if (!parsed.success) return null;
      claims = parsed.data;
    } catch {
      return null;
    }
    if (claims.exp <= nowSeconds || (claims.nbf !== undefined && claims.nbf > nowSeconds)) return null;
    return {
      userUuid: claims.sub,
      sessionUuid: claims.sid,
      role: claims.role,
      homeOrganizationUuid: claims.org,
      organizationUuid: claims.treats.organization_uuid,
    };
  }
}
