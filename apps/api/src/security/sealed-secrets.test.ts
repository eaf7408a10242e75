import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SEALED_SECRET_PURPOSES, sealingKey } from './sealed-secrets.ts';

const installationSecret = new Uint8Array(48).fill(7);

describe('sealed secrets', () => {
  it('derives the webhook key exactly as before the move (stored webhook secrets still open)', () => {
    const key = sealingKey(installationSecret, SEALED_SECRET_PURPOSES.webhookSecrets);
    expect(key.toString('hex')).toBe('c894e87e862fc8ffe96a7d7f07543e9cb20e0c73da53acb781ae72b04763f0d6');
    // Sealed by modules/webhooks/secrets.ts before the move.
    const stored =
      '0LAtg0491trBBO1b.0KNh4bh9HSQbB10SXhLPhg.XKG2EMM-kyNVRMd3xEYnQgghk0rQbYmnePKpEy6C3miyyAgqTSwCDPT_N-QKkw';
    expect(decryptSecret(key, stored)).toBe('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0IQ==');
  });

  it('seals with a fresh IV and opens only with the key of the same purpose and installation', () => {
    const mdm = sealingKey(installationSecret, SEALED_SECRET_PURPOSES.mdmTokens);
    const a = encryptSecret(mdm, 'fleet-api-token');
    const b = encryptSecret(mdm, 'fleet-api-token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('fleet-api-token');
    expect(decryptSecret(mdm, a)).toBe('fleet-api-token');
    expect(() =>
      decryptSecret(sealingKey(installationSecret, SEALED_SECRET_PURPOSES.webhookSecrets), a),
    ).toThrow();
    expect(() =>
      decryptSecret(sealingKey(new Uint8Array(48).fill(8), SEALED_SECRET_PURPOSES.mdmTokens), a),
    ).toThrow();
    expect(() => decryptSecret(mdm, 'not-sealed')).toThrow();
    const [iv, tag, body] = a.split('.');
    expect(() => decryptSecret(mdm, [iv, tag, body!.slice(0, -1)].join('.'))).toThrow();
  });
});
