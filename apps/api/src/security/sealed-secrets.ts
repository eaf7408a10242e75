import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets Equip must read again later (webhook signing secrets, MDM API tokens, HR credentials, SSO client
 * secrets), sealed at rest with
 * AES-256-GCM. Each kind has its own key, derived with HKDF-SHA256 from the installation's own secret
 * (InstallationKeys.jwtSecret, kept in the database or set by JWT_SECRET) and a purpose label, so a copy
 * of a table alone gives nothing away and one kind's key opens no other kind's secrets.
 *
 * Tokens that only have to be recognised are hashed instead (modules/auth/secrets.ts).
 */

/** The purpose labels; a label never changes once secrets are stored under it. */
export const SEALED_SECRET_PURPOSES = {
  /** Webhook signing secrets (decision 010). */
  webhookSecrets: 'equip webhook secrets',
  /** MDM servers' API tokens (decision 015). */
  mdmTokens: 'equip mdm api tokens',
  /** HR systems' API credentials, sealed as one JSON object (decision 029). */
  hrCredentials: 'equip hr credentials',
  /** Procurement providers' inbound webhook secrets (decision 031). */
  procurementWebhooks: 'equip procurement webhook secrets',
  /** Organisations' single sign-on (OIDC) client secrets (decision 034). */
  ssoClientSecrets: 'equip sso client secrets',
  /** Workspaces' OAuth refresh tokens (decision 033). */
  workspaceTokens: 'equip workspace refresh tokens',
} as const;
export type SealedSecretPurpose = (typeof SEALED_SECRET_PURPOSES)[keyof typeof SEALED_SECRET_PURPOSES];

/**
 * Where each purpose's sealed secrets are stored, so a backup or a restore can check that they open
 * with the installation secret it has (cli/installation-secret.ts). A new sealed column goes here.
 */
export const SEALED_SECRET_COLUMNS: readonly {
  purpose: SealedSecretPurpose;
  table: string;
  column: string;
}[] = [
  { purpose: SEALED_SECRET_PURPOSES.webhookSecrets, table: 'webhook_endpoints', column: 'secret_ciphertext' },
  { purpose: SEALED_SECRET_PURPOSES.mdmTokens, table: 'mdm_connections', column: 'api_token_encrypted' },
  { purpose: SEALED_SECRET_PURPOSES.hrCredentials, table: 'integrations', column: 'credentials_encrypted' },
  {
    purpose: SEALED_SECRET_PURPOSES.procurementWebhooks,
    table: 'procurement_providers',
    column: 'webhook_secret_encrypted',
  },
  {
    purpose: SEALED_SECRET_PURPOSES.ssoClientSecrets,
    table: 'organizations',
    column: 'sso_client_secret_encrypted',
  },
  {
    purpose: SEALED_SECRET_PURPOSES.workspaceTokens,
    table: 'workspaces',
    column: 'refresh_token_encrypted',
  },
];

/** The 32-byte key of one purpose, from the installation's secret. */
export function sealingKey(installationSecret: Uint8Array, purpose: SealedSecretPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', installationSecret, Buffer.alloc(0), purpose, 32));
}

/** `iv.tag.ciphertext`, each base64url: a fresh 12-byte IV per secret. */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

/** Opens what `encryptSecret` sealed; throws on another key, a changed value or a malformed one. */
export function decryptSecret(key: Buffer, stored: string): string {
  const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
