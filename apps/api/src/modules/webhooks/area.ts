import { webhooksArea } from '@equip/domain/areas/webhooks';
import { defineApiArea } from '../../define-area.ts';
import { webhookRoutes } from './routes.ts';

/**
 * Webhook endpoints (their service is a core one, built first: the job worker and the event hook use it).
 * Its routes and its events in words, gathered in `src/areas.ts`.
 */
export const webhooksApiArea = defineApiArea(webhooksArea, {
  routes: [webhookRoutes],
  eventWords: {
    en: {
      WEBHOOK_ENDPOINT_ADDED: 'Webhook endpoint added',
      WEBHOOK_ENDPOINT_CHANGED: 'Webhook endpoint changed',
      WEBHOOK_ENDPOINT_SECRET_ROTATED: 'Webhook signing secret rotated',
      WEBHOOK_ENDPOINT_REMOVED: 'Webhook endpoint deleted',
    },
    de: {
      WEBHOOK_ENDPOINT_ADDED: 'Webhook-Endpunkt hinzugefügt',
      WEBHOOK_ENDPOINT_CHANGED: 'Webhook-Endpunkt geändert',
      WEBHOOK_ENDPOINT_SECRET_ROTATED: 'Signaturgeheimnis des Webhooks erneuert',
      WEBHOOK_ENDPOINT_REMOVED: 'Webhook-Endpunkt gelöscht',
    },
  },
  jobs: {
    // An attempt's failure is its own (the handler plans the next attempt, decision 010); pg-boss
    // retries only a crashed try. Polled every half second: first attempts leave within it.
    policies: {
      'webhooks.deliver': {
        retryLimit: 2,
        retryDelaySeconds: 5,
        expireInSeconds: 60,
        batchSize: 1,
        workers: 4,
        pollingIntervalSeconds: 0.5,
      },
    },
    register: (jobs, deps) => jobs.handle('webhooks.deliver', (attempt) => deps.webhooks.attempt(attempt)),
  },
});
