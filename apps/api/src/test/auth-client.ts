import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { PasswordPublicKey } from '@equip/domain/identity';
import type { App } from '../http/types.ts';

/** Encrypts a password the way the browser does (RSA-OAEP with SHA-256, base64). */
export function encryptPassword(jwk: PasswordPublicKey, password: string): string {
  const key = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

export async function publicKey(app: App): Promise<PasswordPublicKey> {
  const res = await app.inject({ method: 'GET', url: '/api/user/shared/auth/unprotected/public-key' });
  return res.json() as PasswordPublicKey;
}

export async function login(app: App, email: string, password: string, ip = '10.0.0.1') {
  const jwk = await publicKey(app);
  return app.inject({
    method: 'POST',
    url: '/api/user/shared/auth/unprotected/login',
    payload: { email, encryptedPassword: encryptPassword(jwk, password) },
    remoteAddress: ip,
  });
}
