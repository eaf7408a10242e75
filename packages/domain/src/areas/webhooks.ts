import { defineArea } from '../define-area.ts';

/** The organisation's webhook endpoints (issue 10, decision 010). */
export const webhooksArea = defineArea({
  name: 'webhooks',
  events: [
    'WEBHOOK_ENDPOINT_ADDED',
    'WEBHOOK_ENDPOINT_CHANGED',
    'WEBHOOK_ENDPOINT_SECRET_ROTATED',
    'WEBHOOK_ENDPOINT_REMOVED',
  ],
});
