import type { EventType } from '@equip/domain/audit-log';
import type { ShippedLocale } from '@equip/domain/locale';
import { gatherApiAreas } from './define-area.ts';
import { assetsApiArea } from './modules/assets/area.ts';
import { auditLogApiArea } from './modules/audit-log/area.ts';
import { authApiArea } from './modules/auth/area.ts';
import { bundlesApiArea } from './modules/bundles/area.ts';
import { devicesApiArea } from './modules/devices/area.ts';
import { employeesApiArea } from './modules/employees/area.ts';
import { enrollmentApiArea } from './modules/enrollment/area.ts';
import { flagsApiArea } from './modules/flags/area.ts';
import { healthApiArea } from './modules/health/area.ts';
import { installationApiArea } from './modules/installation/area.ts';
import { integrationsApiArea } from './modules/integrations/area.ts';
import { jobsAdminApiArea } from './modules/jobs-admin/area.ts';
import { mdmConnectionsApiArea } from './modules/mdm-connections/area.ts';
import { notificationsApiArea } from './modules/notifications/area.ts';
import { organizationsApiArea } from './modules/organizations/area.ts';
import { outboxApiArea } from './modules/outbox/area.ts';
import { procurementApiArea } from './modules/procurement/area.ts';
import { providerAdminsApiArea } from './modules/provider-admins/area.ts';
import { webhooksApiArea } from './modules/webhooks/area.ts';
import { workspacesApiArea } from './modules/workspaces/area.ts';

/**
 * Every module of the API, one line each (issue 25, item 8): each declares its routes, its service(s), its
 * jobs' policies, handlers and schedules and its events in words in `modules/<area>/area.ts`
 * (`defineApiArea`). `app.ts` registers the routes in this order (the OpenAPI document follows it),
 * `services.ts` builds the services once, `background/app-jobs.ts` builds the job queue, and the audit
 * log's export names event types with the gathered words. The types below hold the registry to the domain's
 * event types; `services.ts` holds it to `AppServices` (a module that adds its service there and is
 * missing here fails to compile).
 */
export const API_AREAS = [
  healthApiArea,
  flagsApiArea,
  authApiArea,
  employeesApiArea,
  devicesApiArea,
  mdmConnectionsApiArea,
  enrollmentApiArea,
  organizationsApiArea,
  installationApiArea,
  outboxApiArea,
  providerAdminsApiArea,
  notificationsApiArea,
  auditLogApiArea,
  jobsAdminApiArea,
  webhooksApiArea,
  assetsApiArea,
  bundlesApiArea,
  integrationsApiArea,
  procurementApiArea,
  workspacesApiArea,
] as const;

export const API_REGISTRY = gatherApiAreas(API_AREAS);

/** Each event type in words, in each shipped language (the audit log's export). */
export const EVENT_WORDS: Record<ShippedLocale, Record<EventType, string>> = API_REGISTRY.eventWords;
