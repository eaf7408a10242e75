import { webhooksArea } from '@equip/domain/areas/webhooks';
import { defineApiArea } from '../../define-area.ts';

/** Webhook endpoints: the area's events in words for the exports (gathered in `src/areas.ts`). */
export const webhooksApiArea = defineApiArea(webhooksArea, {
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
});
