import { providerAdminsArea } from '@equip/domain/areas/provider-admins';
import { defineApiArea } from '../../define-area.ts';

/** Provider admins: the area's events in words for the exports (gathered in `src/areas.ts`). */
export const providerAdminsApiArea = defineApiArea(providerAdminsArea, {
  eventWords: {
    en: {
      PROVIDER_ADMIN_ADDED: 'Provider admin added',
      PROVIDER_ADMIN_DISABLED: 'Provider admin disabled',
    },
    de: {
      PROVIDER_ADMIN_ADDED: 'Provider-Admin hinzugefügt',
      PROVIDER_ADMIN_DISABLED: 'Provider-Admin deaktiviert',
    },
  },
});
