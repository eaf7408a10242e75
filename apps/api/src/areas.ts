import type { EventType } from '@equip/domain/audit-log';
import type { ShippedLocale } from '@equip/domain/locale';
import { gatherApiAreas } from './define-area.ts';
import { authApiArea } from './modules/auth/area.ts';
import { devicesApiArea } from './modules/devices/area.ts';
import { employeesApiArea } from './modules/employees/area.ts';
import { installationApiArea } from './modules/installation/area.ts';
import { mdmConnectionsApiArea } from './modules/mdm-connections/area.ts';
import { organizationsApiArea } from './modules/organizations/area.ts';
import { providerAdminsApiArea } from './modules/provider-admins/area.ts';
import { webhooksApiArea } from './modules/webhooks/area.ts';

/**
 * Every area's part of the API's shared machinery, one line each (issue 25, item 8), in the domain's
 * order (`@equip/domain/areas`): each module declares its own in `modules/<area>/area.ts`
 * (`defineApiArea`). The types below hold the gathered registries to the domain's unions, so an area
 * whose events the domain lists and this list lacks fails to compile here. Areas without events of
 * their own (bundles, procurement, flows so far) have no line yet.
 */
export const API_AREAS = [
  employeesApiArea,
  devicesApiArea,
  authApiArea,
  organizationsApiArea,
  providerAdminsApiArea,
  mdmConnectionsApiArea,
  webhooksApiArea,
  installationApiArea,
] as const;

const REGISTRY = gatherApiAreas(API_AREAS);

/** Each event type in words, in each shipped language (the audit log's export). */
export const EVENT_WORDS: Record<ShippedLocale, Record<EventType, string>> = REGISTRY.eventWords;
