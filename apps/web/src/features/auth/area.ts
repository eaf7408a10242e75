import { authArea } from '@equip/domain/areas/auth';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** Sign-in's events in words (gathered in `src/areas.ts`). */
export const authWebArea = defineWebArea(authArea, {
  eventLabels: {
    LOGIN: msg`Signed in`,
    LOGIN_FAILED: msg`Sign-in failed`,
    PASSWORD_CHANGED: msg`Password changed`,
    MFA_ENROLLED: msg`Second factor set up`,
    MFA_DISABLED: msg`Second factor turned off`,
    REFRESH_TOKEN_REUSED: msg`Session token reused`,
  },
});
