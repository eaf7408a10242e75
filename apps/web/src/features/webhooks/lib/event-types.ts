import {
  WEBHOOK_EVENT_GROUPS,
  type WebhookDeliveryStatus,
  type WebhookEventGroup,
  type WebhookEventType,
} from '@equip/domain/webhooks';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeTone } from '@/ui/badge';

/** The areas of the event-type checkboxes, in the catalogue's order. */
export const EVENT_GROUP_LABELS: Record<WebhookEventGroup, MessageDescriptor> = {
  employees: msg`Employees`,
  devices: msg`Devices`,
  security: msg`Security`,
  assets: msg`Assets and bundles`,
  orders: msg`Orders`,
  flows: msg`Onboarding and offboarding`,
};

export const EVENT_GROUPS = Object.entries(WEBHOOK_EVENT_GROUPS) as [
  WebhookEventGroup,
  readonly WebhookEventType[],
][];

/** What each event type means, beside its technical name. */
export const EVENT_TYPE_DESCRIPTIONS: Record<WebhookEventType, MessageDescriptor> = {
  'employee.created': msg`An employee was added`,
  'employee.updated': msg`An employee was changed (with before and after)`,
  'employee.deleted': msg`An employee was deleted`,
  'employee.imported': msg`Employees were imported (one event with the count)`,
  'device.created': msg`A device was added`,
  'device.updated': msg`A device was changed (with before and after)`,
  'device.assigned': msg`A device was assigned`,
  'device.unassigned': msg`A device was unassigned`,
  'device.returned': msg`A device was returned`,
  'device.enrolled': msg`A device was enrolled in device management`,
  'device.action.completed': msg`A device action finished`,
  'security.alert': msg`A security alert was raised`,
  'asset.assigned': msg`An asset was assigned`,
  'bundle.assigned': msg`A bundle was assigned`,
  'order.status_changed': msg`An order changed its status`,
  'onboarding.completed': msg`An onboarding was completed`,
  'offboarding.completed': msg`An offboarding was completed`,
};

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
