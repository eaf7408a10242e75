import { providerAdminsArea } from '@equip/domain/areas/provider-admins';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** Provider admins' events in words (gathered in `src/areas.ts`). */
export const providerAdminsWebArea = defineWebArea(providerAdminsArea, {
  eventLabels: {
    PROVIDER_ADMIN_ADDED: msg`Provider admin added`,
    PROVIDER_ADMIN_DISABLED: msg`Provider admin disabled`,
  },
});
