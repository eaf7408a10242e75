import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import type { PasswordPublicKey } from '@equip/domain/identity';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';

/**
 * Secrets of the installation, made on the first start and kept in the database so that every
 * instance (and every restart) agrees: the HMAC key for access tokens and the RSA key pair the
 * browser encrypts passwords with.
 */
export interface InstallationKeys {
  jwtSecret: Uint8Array;
  passwordPrivateKey: KeyObject;
  passwordPublicJwk: PasswordPublicKey;
}

async function loadOrCreate<T>(db: Db, key: string, create: () => T): Promise<T> {
  const existing = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  if (existing[0]) return existing[0].value as T;
  // Two instances may start at once: the first insert wins and both read it back.
  await db
    .insert(systemSettings)
    .values({ key, value: create() as object })
    .onConflictDoNothing();
  const [stored] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  return stored!.value as T;
}

/** The system_settings row holding the generated installation secret (`{ secret }`; backups read it). */
export const INSTALLATION_SECRET_SETTING = 'jwt_secret';

/** The installation secret: JWT_SECRET when it is configured, else the one generated into the database. */
export function installationSecret(stored: { secret: string }, configuredJwtSecret?: string): Uint8Array {
  return new TextEncoder().encode(configuredJwtSecret ?? stored.secret);
}

export async function loadInstallationKeys(db: Db, configuredJwtSecret?: string): Promise<InstallationKeys> {
  const jwt = await loadOrCreate(db, INSTALLATION_SECRET_SETTING, () => ({
    secret: randomBytes(48).toString('base64url'),
  }));
  const rsa = await loadOrCreate(db, 'password_rsa_key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      kid: randomBytes(8).toString('hex'),
    };
  });
  const passwordPrivateKey = createPrivateKey(rsa.pem);
  const jwk = createPublicKey(passwordPrivateKey).export({ format: 'jwk' });
  return {
    jwtSecret: installationSecret(jwt, configuredJwtSecret),
    passwordPrivateKey,
    passwordPublicJwk: { kty: 'RSA', n: jwk.n!, e: jwk.e!, alg: 'RSA-OAEP-256', kid: rsa.kid, use: 'enc' },
  };
}

/** Decrypts a password the browser encrypted with RSA-OAEP-256; null when it is not decryptable. */
export function decryptPassword(keys: InstallationKeys, encrypted: string): string | null {
  try {
    const plain = privateDecrypt(
      { key: keys.passwordPrivateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
