import { z } from 'zod';
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
  jobs: {
    /**
     * One attempt of one webhook delivery (the row holds the payload; decision 010): `attempt` is the
     * delivery's attempt number this job makes, `firstAttempt` the one its series (or redelivery) began at.
     * `organizationUuid` gives the organisation its fair share of the workers (decision 009); attempts
     * queued before it was added have none.
     */
    'webhooks.deliver': z.object({
      organizationUuid: z.uuid().optional(),
      deliveryUuid: z.uuid(),
      attempt: z.number().int().min(1),
      firstAttempt: z.number().int().min(1),
    }),
  },
});
