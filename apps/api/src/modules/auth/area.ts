import { authArea } from '@equip/domain/areas/auth';
import { defineApiArea } from '../../define-area.ts';

/** Sign-in and the account: the area's events in words for the exports (gathered in `src/areas.ts`). */
export const authApiArea = defineApiArea(authArea, {
  eventWords: {
    en: {
      LOGIN: 'Signed in',
      LOGIN_FAILED: 'Sign-in failed',
      PASSWORD_CHANGED: 'Password changed',
      MFA_ENROLLED: 'Second factor set up',
      MFA_DISABLED: 'Second factor turned off',
      REFRESH_TOKEN_REUSED: 'Session token reused',
    },
    de: {
      LOGIN: 'Angemeldet',
      LOGIN_FAILED: 'Anmeldung fehlgeschlagen',
      PASSWORD_CHANGED: 'Passwort geändert',
      MFA_ENROLLED: 'Zweiten Faktor eingerichtet',
      MFA_DISABLED: 'Zweiten Faktor ausgeschaltet',
      REFRESH_TOKEN_REUSED: 'Sitzungstoken erneut verwendet',
    },
  },
});
