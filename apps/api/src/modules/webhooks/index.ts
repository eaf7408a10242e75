// The webhooks module's public surface: its routes, and the service the composition root wires to the
// event log (fan-out) and the job queue (attempts).
export { cleanUpDeliveries } from './queries.ts';
export { webhookSecretKey } from './secrets.ts';
export { type DeliveryQueue, type PlannedAttempt, WebhookService } from './service.ts';
