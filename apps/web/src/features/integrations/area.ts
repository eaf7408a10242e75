import { integrationsArea } from '@equip/domain/areas/integrations';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** The integrations' events in words (gathered in `src/areas.ts`). */
export const integrationsWebArea = defineWebArea(integrationsArea, {
  eventLabels: {
    SCIM_TOKEN_CREATED: msg`SCIM token created`,
    SCIM_TOKEN_REVOKED: msg`SCIM token revoked`,
  },
});
