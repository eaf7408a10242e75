import { randomBytes } from 'node:crypto';
import { ErrorType } from '@equip/domain/errors';
import { ProcurementWebhookEvent } from '@equip/domain/procurement';
import { ORDER_STATUS_OF_TOPI } from '@equip/domain/procurement-status';
import { eq } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import {
  checkouts,
  orders,
  procurementProviders,
  procurementWebhookMessages,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { ProcurementProviderKind } from '../../providers/procurement/adapter.ts';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import { applyCheckoutStatus, applyOrderUpdate, type StepLog } from './orders.ts';

/**
 * A procurement provider's inbound webhooks (decision 031), signed the Standard Webhooks way: the
 * provider signs `${webhook-id}.${webhook-timestamp}.${body}` with the secret a provider admin made
 * (sealed here), `standardwebhooks` checks the signature and the timestamp (five minutes either way),
 * and a message id is taken once: a replay is refused. A verified message moves the checkout or order
 * it names (by the provider's reference) through the same status table as the jobs; anything refused
 * changes nothing (the message id too is only kept with a change that was applied).
 */

export const WEBHOOK_MESSAGES = {
  notConfigured: 'This provider has no webhook secret',
  badSignature: 'The webhook signature does not verify',
  replayed: 'This webhook message was already received',
  badPayload: 'The webhook payload is not one Equip knows',
  unknownReference: 'No checkout or order has this reference',
} as const;

/** A new secret in the Standard Webhooks form (whsec_ + base64 of 32 random bytes), sealed and kept. */
export async function rotateWebhookSecret(
  db: Db,
  key: Buffer,
  provider: ProcurementProviderKind,
): Promise<string> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const sealed = encryptSecret(key, secret);
  await db
    .insert(procurementProviders)
    .values({ kind: provider, webhookSecretEncrypted: sealed })
    .onConflictDoUpdate({
      target: procurementProviders.kind,
      set: { webhookSecretEncrypted: sealed, updatedAt: new Date() },
    });
  return secret;
}

const refused = (status: number, msg: string, errorType: string) => new AppError(status, { msg, errorType });

/**
 * Verifies and applies one inbound message (on the system handle: a webhook comes before any
 * organisation is known; the reference names the one row it changes). Answers whether it changed
 * something; throws the refusal otherwise.
 */
export async function receiveWebhook(
  db: Db,
  key: Buffer,
  provider: ProcurementProviderKind,
  raw: string,
  headers: Record<string, string | string[] | undefined>,
  log: StepLog,
): Promise<{ received: true; applied: boolean }> {
  const [stored] = await db
    .select({ sealed: procurementProviders.webhookSecretEncrypted })
    .from(procurementProviders)
    .where(eq(procurementProviders.kind, provider));
  if (!stored) throw notFound(WEBHOOK_MESSAGES.notConfigured);
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  const signed = {
    'webhook-id': one('webhook-id'),
    'webhook-timestamp': one('webhook-timestamp'),
    'webhook-signature': one('webhook-signature'),
  };
  let body: unknown;
  try {
    body = new Webhook(decryptSecret(key, stored.sealed)).verify(raw, signed);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    log.warn(
      { provider, messageId: signed['webhook-id'], reason: error.message },
      'procurement: webhook refused',
    );
    throw refused(401, `${WEBHOOK_MESSAGES.badSignature}: ${error.message}`, ErrorType.Unauthorized);
  }
  const parsed = ProcurementWebhookEvent.safeParse(body);
  if (!parsed.success) throw refused(400, WEBHOOK_MESSAGES.badPayload, ErrorType.ZodValidationError);
  const event = parsed.data;

  return db.transaction(async (handle) => {
    const tx = handle as unknown as Db;
    const [taken] = await tx
      .insert(procurementWebhookMessages)
      .values({ providerKind: provider, messageId: signed['webhook-id'] })
      .onConflictDoNothing()
      .returning({ id: procurementWebhookMessages.messageId });
    if (!taken) {
      log.warn({ provider, messageId: signed['webhook-id'] }, 'procurement: webhook replay refused');
      throw refused(409, WEBHOOK_MESSAGES.replayed, ErrorType.Conflict);
    }
    const outcome =
      event.type === 'checkout.updated'
        ? await checkoutChange(tx, event.data, log)
        : await orderChange(tx, event.data, log);
    if (!outcome.applied) throw refused(409, outcome.reason, 'IllegalStatusTransition');
    return { received: true as const, applied: true };
  });
}

async function checkoutChange(
  tx: Db,
  data: Extract<ProcurementWebhookEvent, { type: 'checkout.updated' }>['data'],
  log: StepLog,
) {
  const [checkout] = await tx
    .select({ uuid: checkouts.uuid })
    .from(checkouts)
    .where(eq(checkouts.providerReference, data.checkoutReference));
  if (!checkout) throw notFound(WEBHOOK_MESSAGES.unknownReference);
  return applyCheckoutStatus(tx, checkout.uuid, data.status, log);
}

async function orderChange(
  tx: Db,
  data: Extract<ProcurementWebhookEvent, { type: 'order.updated' }>['data'],
  log: StepLog,
) {
  const [order] = await tx
    .select({ uuid: orders.uuid })
    .from(orders)
    .where(eq(orders.providerReference, data.orderReference));
  if (!order) throw notFound(WEBHOOK_MESSAGES.unknownReference);
  const status = data.status ?? (data.topiStatus ? ORDER_STATUS_OF_TOPI[data.topiStatus] : undefined);
  return applyOrderUpdate(
    tx,
    order.uuid,
    { ...(status ? { status } : {}), ...(data.shipmentState ? { shipment: data.shipmentState } : {}) },
    log,
  );
}
