import { installationArea } from '@equip/domain/areas/installation';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** The installation's events (its set-up and organisations) in words (gathered in `src/areas.ts`). */
export const installationWebArea = defineWebArea(installationArea, {
  eventLabels: {
    ORGANIZATION_CREATED: msg`Organisation created`,
    ORGANIZATION_DEACTIVATED: msg`Organisation deactivated`,
    ORGANIZATION_REACTIVATED: msg`Organisation reactivated`,
    SETUP_LINK_ISSUED: msg`Set-up link issued`,
    INSTALLATION_SET_UP: msg`Equip set up`,
  },
});
