import { authArea } from '@equip/domain/areas/auth';
import { defineApiArea } from '../../define-area.ts';
import { authRoutes } from './routes.ts';

/**
 * Sign-in and the account (its services are core ones, built first: the others use them).
 * Its routes and its events in words, gathered in `src/areas.ts`.
 */
export const authApiArea = defineApiArea(authArea, {
  routes: [authRoutes],
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
