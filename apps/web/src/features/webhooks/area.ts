import { webhooksArea } from '@equip/domain/areas/webhooks';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** Webhook endpoints' events in words (gathered in `src/areas.ts`). */
export const webhooksWebArea = defineWebArea(webhooksArea, {
  eventLabels: {
    WEBHOOK_ENDPOINT_ADDED: msg`Webhook endpoint added`,
    WEBHOOK_ENDPOINT_CHANGED: msg`Webhook endpoint changed`,
    WEBHOOK_ENDPOINT_SECRET_ROTATED: msg`Webhook signing secret rotated`,
    WEBHOOK_ENDPOINT_REMOVED: msg`Webhook endpoint deleted`,
  },
});
