import { ErrorType, Messages } from '@equip/domain/error-catalogue';
import { platformApi } from './clients';
import { ApiError } from './errors';

export const PUBLIC_KEY_PATH = '/user/shared/auth/unprotected/public-key';

/** Thrown whenever the password cannot be encrypted; its message is exactly the spec's (SPEC §5). */
export class PasswordEncryptionError extends Error {
  override readonly name = 'PasswordEncryptionError';
  constructor() {
    super(Messages.failedToEncryptPassword);
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Encrypts a password with the server's RSA-OAEP-256 key (WebCrypto) and returns standard base64.
 * Rejects with `Failed to encrypt password` when there is no WebCrypto or the key is unusable.
 */
export async function encryptPassword(
  password: string,
  key: unknown,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string> {
  // The key's schema (zod) loads with the first password sent, not with the sign-in page (issue 9).
  const { PasswordPublicKey } = await import('@equip/domain/identity');
  const jwk = PasswordPublicKey.safeParse(key);
  if (!subtle || !jwk.success) throw new PasswordEncryptionError();
  try {
    const publicKey = await subtle.importKey(
      'jwk',
      { kty: jwk.data.kty, n: jwk.data.n, e: jwk.data.e, alg: 'RSA-OAEP-256', ext: true },
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
    const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(password));
    return toBase64(new Uint8Array(cipher));
  } catch {
    throw new PasswordEncryptionError();
  }
}

let publicKey: Promise<unknown> | undefined;

/** The server's password key, fetched once per page (and again after a failure). */
export function getPasswordPublicKey(): Promise<unknown> {
  publicKey ??= platformApi.get<unknown>(PUBLIC_KEY_PATH).catch((error: unknown) => {
    publicKey = undefined;
    throw error;
  });
  return publicKey;
}

/** Forgets the cached key (the server could not decrypt: it may have a new one). */
export function forgetPasswordPublicKey(): void {
  publicKey = undefined;
}

/** Fetches the key if needed and encrypts: what login, set-password and reset send. */
export async function encryptWithServerKey(password: string): Promise<string> {
  return encryptPassword(password, await getPasswordPublicKey());
}

/**
 * Encrypts `password`, hands it to `send`, and forgets the cached key when the server could not
 * decrypt it (it may have a new key): login and every screen that asks for the password again.
 */
export async function sendEncryptedPassword<T>(
  password: string,
  send: (encryptedPassword: string) => Promise<T>,
): Promise<T> {
  const encryptedPassword = await encryptWithServerKey(password);
  try {
    return await send(encryptedPassword);
  } catch (error) {
    if (error instanceof ApiError && error.errorType === ErrorType.FailedToEncryptPassword) {
      forgetPasswordPublicKey();
    }
    throw error;
  }
}
