import { describe, expect, it } from 'vitest';
import { decryptTestPassword, testPublicJwk } from '@/test/password-key';
import { encryptPassword } from './encrypt-password';

describe('encryptPassword', () => {
  it('encrypts with RSA-OAEP-256 into standard base64 that the private key opens', async () => {
    const key = await testPublicJwk();
    const password = 'correct horse battery staple ✓';
    const encrypted = await encryptPassword(password, key);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(encrypted)).toHaveLength(256);
    expect(encrypted).not.toContain(password);
    await expect(decryptTestPassword(encrypted)).resolves.toBe(password);
  });

  it('rejects with exactly "Failed to encrypt password" without WebCrypto', async () => {
    const key = await testPublicJwk();
    await expect(encryptPassword('secret-password', key, null)).rejects.toThrow(
      /^Failed to encrypt password$/,
    );
  });

  it.each([
    ['a missing key', undefined],
    ['a key of the wrong shape', { kty: 'EC', crv: 'P-256' }],
    [
      'a key WebCrypto refuses',
      { kty: 'RSA', n: 'AA', e: 'AQAB', alg: 'RSA-OAEP-256', kid: 'k', use: 'enc' },
    ],
  ])('rejects with exactly "Failed to encrypt password" for %s', async (_, key) => {
    const error = await encryptPassword('secret-password', key).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Failed to encrypt password');
  });
});
