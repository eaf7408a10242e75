import { organizationsArea } from '@equip/domain/areas/organizations';
import { defineApiArea } from '../../define-area.ts';

/** The organisation's settings: the area's events in words for the exports (gathered in `src/areas.ts`). */
export const organizationsApiArea = defineApiArea(organizationsArea, {
  eventWords: {
    en: {
      ORGANIZATION_UPDATED: 'Organisation changed',
    },
    de: {
      ORGANIZATION_UPDATED: 'Organisation geändert',
    },
  },
});
