import { Role } from '@equip/domain/identity';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { AccessTokenVerifier, AuthContext } from '../../http/access.ts';

const ISSUER = 'equip';
const AUDIENCE = 'equip-api';

const Claims = z.object({
  sub: z.uuid(),
  role: Role,
  org: z.uuid(),
  treats: z.object({ organization_uuid: z.uuid() }),
});

/** Short-lived JWT access tokens (HS256). The token's identity is `sub` plus `treats.organization_uuid`. */
export class AccessTokens implements AccessTokenVerifier {
  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  sign(auth: AuthContext): Promise<string> {
    return new SignJWT({
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

  async verify(token: string): Promise<AuthContext | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const claims = Claims.safeParse(payload);
      if (!claims.success) return null;
      return {
        userUuid: claims.data.sub,
        role: claims.data.role,
        homeOrganizationUuid: claims.data.org,
        organizationUuid: claims.data.treats.organization_uuid,
      };
    } catch {
      return null;
    }
  }
}
