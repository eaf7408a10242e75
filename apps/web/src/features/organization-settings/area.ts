import { organizationsArea } from '@equip/domain/areas/organizations';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** The organisation's settings' events in words (gathered in `src/areas.ts`). */
export const organizationSettingsWebArea = defineWebArea(organizationsArea, {
  eventLabels: { ORGANIZATION_UPDATED: msg`Organisation changed` },
});
