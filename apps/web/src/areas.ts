import type { EventType } from '@equip/domain/audit-log';
import type { NotificationKind, NotificationParams } from '@equip/domain/notification-rules';
import type { WebhookEventGroup, WebhookEventType } from '@equip/domain/webhooks';
import type { MessageDescriptor } from '@lingui/core';
import { assetsWebArea } from '@/features/assets/area';
import { authWebArea } from '@/features/auth/area';
import { bundlesWebArea } from '@/features/bundles/area';
import { devicesWebArea } from '@/features/devices/area';
import { employeesWebArea } from '@/features/employees/area';
import { integrationsWebArea } from '@/features/integrations/area';
import { mdmConnectionsWebArea } from '@/features/mdm-connections/area';
import { flowsWebArea } from '@/features/onboarding/area';
import { organizationSettingsWebArea } from '@/features/organization-settings/area';
import { installationWebArea } from '@/features/organizations/area';
import { procurementWebArea } from '@/features/procurement/area';
import { providerAdminsWebArea } from '@/features/provider-admins/area';
import { webhooksWebArea } from '@/features/webhooks/area';
import { workspacesWebArea } from '@/features/workspaces/area';
import { gatherWebAreas, type NotificationLink, type NotificationText } from '@/lib/define-area';

/**
 * Every area's words for the shared screens, one line each (issue 25, item 8), in the domain's order
 * (`@equip/domain/areas`): each feature declares its own in `features/<area>/area.ts`
 * (`defineWebArea`). The types below hold the gathered registries to the domain's unions, so an area
 * the domain lists and this list lacks fails to compile here.
 */
export const WEB_AREAS = [
  employeesWebArea,
  devicesWebArea,
  authWebArea,
  organizationSettingsWebArea,
  providerAdminsWebArea,
  mdmConnectionsWebArea,
  webhooksWebArea,
  installationWebArea,
  assetsWebArea,
  procurementWebArea,
  flowsWebArea,
  bundlesWebArea,
  integrationsWebArea,
  workspacesWebArea,
] as const;

const REGISTRY = gatherWebAreas(WEB_AREAS);

/** Each event type in words, for the audit log's table, filter and drawer. */
export const EVENT_TYPE_LABELS: Record<EventType, MessageDescriptor> = REGISTRY.eventLabels;

/** The areas of the webhooks page's event-type checkboxes. */
export const WEBHOOK_GROUP_LABELS: Record<WebhookEventGroup, MessageDescriptor> = REGISTRY.webhookGroupLabels;

/** What each webhook event type means, beside its technical name. */
export const WEBHOOK_TYPE_DESCRIPTIONS: Record<WebhookEventType, MessageDescriptor> =
  REGISTRY.webhookDescriptions;

/** The title, body and link of each notification kind (but `message`, shown as written), from its params. */
export const NOTIFICATION_TEXTS: {
  [K in Exclude<NotificationKind, 'message'>]: (
    params: NotificationParams<K>,
  ) => NotificationText & { link: NotificationLink };
} = REGISTRY.notificationTexts;
