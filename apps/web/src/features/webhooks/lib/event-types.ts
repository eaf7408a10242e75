import {
  WEBHOOK_EVENT_GROUPS,
  type WebhookDeliveryStatus,
  type WebhookEventGroup,
  type WebhookEventType,
} from '@equip/domain/webhooks';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { WEBHOOK_GROUP_LABELS, WEBHOOK_TYPE_DESCRIPTIONS } from '@/areas';
import type { BadgeTone } from '@/ui/badge';

/**
 * The areas of the event-type checkboxes, in the catalogue's order, and what each event type means
 * beside its technical name: each area's own, declared in its feature's `area.ts` (`src/areas.ts`).
 */
export const EVENT_GROUP_LABELS = WEBHOOK_GROUP_LABELS;
export const EVENT_TYPE_DESCRIPTIONS = WEBHOOK_TYPE_DESCRIPTIONS;

export const EVENT_GROUPS = Object.entries(WEBHOOK_EVENT_GROUPS) as [
  WebhookEventGroup,
  readonly WebhookEventType[],
][];

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  succeeded: msg`Delivered`,
  retrying: msg`Retrying`,
  failed: msg`Failed`,
};

export const DELIVERY_STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'sky',
  succeeded: 'green',
  retrying: 'amber',
  failed: 'red',
};
