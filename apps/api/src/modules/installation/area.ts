import { installationArea } from '@equip/domain/areas/installation';
import { defineApiArea } from '../../define-area.ts';

/** The installation (its set-up and organisations): the area's events in words for the exports (gathered in `src/areas.ts`). */
export const installationApiArea = defineApiArea(installationArea, {
  eventWords: {
    en: {
      ORGANIZATION_CREATED: 'Organisation created',
      ORGANIZATION_DEACTIVATED: 'Organisation deactivated',
      ORGANIZATION_REACTIVATED: 'Organisation reactivated',
      SETUP_LINK_ISSUED: 'Set-up link issued',
      INSTALLATION_SET_UP: 'Equip set up',
    },
    de: {
      ORGANIZATION_CREATED: 'Organisation angelegt',
      ORGANIZATION_DEACTIVATED: 'Organisation deaktiviert',
      ORGANIZATION_REACTIVATED: 'Organisation reaktiviert',
      SETUP_LINK_ISSUED: 'Einrichtungslink ausgestellt',
      INSTALLATION_SET_UP: 'Equip eingerichtet',
    },
  },
});
