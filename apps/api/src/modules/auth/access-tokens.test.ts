import { createHmac, randomUUID } from 'node:crypto';
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

  it('accepts only canonical base64url: a real token re-encoded in standard base64 or with stray bits is refused (issue 24)', async () => {
    const good = await tokens.sign(auth);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const standard = (part: string) => Buffer.from(part, 'base64url').toString('base64');
    /** Header and payload re-encoded and signed again, as jose's own decoder would still read them. */
    const resigned = (h: string, p: string) =>
      `${h}.${p}.${createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url')}`;
    // The signature's last character carries two unused bits: setting them decodes to the same bytes.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const strayBits = alphabet[alphabet.indexOf(last) | 1]!;
    expect(Buffer.from(`${signature.slice(0, -1)}${strayBits}`, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    // Header and payload with '~~~' on a 3-byte boundary, which base64url writes with '-' and base64 with '+'.
    const json = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const kidHeader = json({ alg: 'HS256', typ: 'JWT', kid: '~~~' });
    const padPayload = json({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), pad: '~~~~~' });
    expect(kidHeader).toContain('-');
    expect(padPayload).toContain('-');
    const refused = {
      signatureStandard: `${header}.${payload}.${standard(signature)}`,
      signaturePadded: `${header}.${payload}.${signature}=`,
      signatureStrayBits: `${header}.${payload}.${signature.slice(0, -1)}${strayBits}`,
      signatureWhitespace: `${header}.${payload}.${signature.slice(0, 10)} ${signature.slice(10)}`,
      headerStandard: resigned(standard(kidHeader), payload),
      payloadStandard: resigned(header, standard(padPayload)),
      payloadPadded: resigned(header, `${payload}==`),
    };
    // Each form differs from the token, and each would verify if it were decoded leniently.
    for (const [name, token] of Object.entries(refused)) {
      expect(token, name).not.toBe(good);
      expect(await tokens.verify(token), name).toBeNull();
    }
    // The same tokens in canonical base64url verify.
    expect(await tokens.verify(resigned(kidHeader, payload))).toEqual(auth);
    expect(await tokens.verify(resigned(header, padPayload))).toEqual(auth);
  });
});
