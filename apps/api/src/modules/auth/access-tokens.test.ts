import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-tokens.ts';

const secret = new TextEncoder().encode('s'.repeat(48));
const tokens = new AccessTokens(secret, 60);
const auth = {
  userUuid: randomUUID(),
  sessionUuid: randomUUID(),
  role: 'it-owner' as const,
  homeOrganizationUuid: randomUUID(),
  organizationUuid: randomUUID(),
};
const claims = {
  sid: auth.sessionUuid,
  role: auth.role,
  org: auth.homeOrganizationUuid,
  treats: { organization_uuid: auth.organizationUuid },
};
const signed = (alg: string, change: (jwt: SignJWT) => SignJWT = (j) => j, payload: object = claims) =>
  change(
    new SignJWT(payload as Record<string, unknown>)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(auth.userUuid)
      .setIssuer('equip')
      .setAudience('equip-api')
      .setIssuedAt()
      .setExpirationTime('5m'),
  ).sign(secret);

describe('access tokens', () => {
  it('verifies what it signs', async () => {
    expect(await tokens.verify(await tokens.sign(auth))).toEqual(auth);
  });

  it('refuses other algorithms, a changed payload, other issuers or audiences, and tokens not yet or no longer valid', async () => {
    const good = await tokens.sign(auth);
    const [header, payload, signature] = good.split('.');
    const tampered = Buffer.from(payload!, 'base64url').toString().replace('it-owner', 'equip-admin');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const refused = {
      hs512: await signed('HS512'),
      none,
      tampered: `${header}.${Buffer.from(tampered).toString('base64url')}.${signature}`,
      issuer: await signed('HS256', (j) => j.setIssuer('someone-else')),
      audience: await signed('HS256', (j) => j.setAudience('another-api')),
      notYet: await signed('HS256', (j) => j.setNotBefore('10m')),
      expired: await signed('HS256', (j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 1)),
      noSession: await signed('HS256', (j) => j, { ...claims, sid: undefined }),
      garbage: 'a.b.c',
    };
    for (const [name, token] of Object.entries(refused)) expect(await tokens.verify(token), name).toBeNull();
    expect(await tokens.verify(await signed('HS256'))).toEqual(auth);
  });
});
