import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@equip/domain/webhooks';
import { SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';

/**
 * Webhook signing secrets (decision 010). A secret is `whsec_` + base64 of 32 random bytes, answered
 * once when it is made. It must be readable again to sign, so it cannot be hashed like tokens
 * (auth/secrets.ts): it is stored sealed (AES-256-GCM, security/sealed-secrets.ts) with a key derived from the
 * installation's own secret, so a copy of the table alone does not give the secrets away.
 */

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The encryption key of webhook secrets, from the installation's secret (security/sealed-secrets.ts). */
export function webhookSecretKey(installationSecret: Uint8Array): Buffer {
  return sealingKey(installationSecret, SEALED_SECRET_PURPOSES.webhookSecrets);
}

/**
 * The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
 * base64-decoded part of the secret after `whsec_`.
 */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery. */
export function webhookHeaders(secret: string, messageId: string, timestampSeconds: number, body: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, messageId, timestampSeconds, body),
  };
}
