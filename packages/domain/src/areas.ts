import { assetsArea } from './areas/assets.ts';
import { authArea } from './areas/auth.ts';
import { bundlesArea } from './areas/bundles.ts';
import { devicesArea } from './areas/devices.ts';
import { employeesArea } from './areas/employees.ts';
import { flowsArea } from './areas/flows.ts';
import { installationArea } from './areas/installation.ts';
import { integrationsArea } from './areas/integrations.ts';
import { mdmConnectionsArea } from './areas/mdm-connections.ts';
import { organizationsArea } from './areas/organizations.ts';
import { outboxArea } from './areas/outbox.ts';
import { procurementArea } from './areas/procurement.ts';
import { providerAdminsArea } from './areas/provider-admins.ts';
import { webhooksArea } from './areas/webhooks.ts';
import { workspacesArea } from './areas/workspaces.ts';
import { gatherAreas } from './define-area.ts';

/**
 * Every area of the product, one line each (issue 25, item 8): each declares its events, webhook types,
 * notifications and jobs in `areas/<area>.ts` (`defineArea`), and the registries are gathered from this
 * list: `EventType` (audit-log.ts), `WEBHOOK_EVENT_GROUPS` and `WEBHOOK_TYPE_OF_EVENT` (webhooks.ts),
 * `NotificationKind`, `NOTIFICATION_PARAMS` and `NOTIFICATION_RULES` (notification-rules.ts), `JOBS`
 * (jobs.ts). The order is
 * the audit log's and the webhooks page's: event types and webhook groups are listed area by area.
 */
export const AREAS = [
  employeesArea,
  devicesArea,
  authArea,
  organizationsArea,
  providerAdminsArea,
  mdmConnectionsArea,
  webhooksArea,
  installationArea,
  assetsArea,
  procurementArea,
  flowsArea,
  outboxArea,
  bundlesArea,
  integrationsArea,
  workspacesArea,
] as const;

export const REGISTRY = gatherAreas(AREAS);
