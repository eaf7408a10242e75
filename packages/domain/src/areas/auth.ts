import { z } from 'zod';
import { defineArea } from '../define-area.ts';

/** Sign-in and the account's own security: passwords, second factors, sessions. */
export const authArea = defineArea({
  name: 'auth',
  events: [
    'LOGIN',
    'LOGIN_FAILED',
    'PASSWORD_CHANGED',
    'MFA_ENROLLED',
    'MFA_DISABLED',
    'REFRESH_TOKEN_REUSED',
  ],
  jobs: {
    /** Daily: deletes expired tokens and old sent mail. */
    'maintenance.clean-up': z.object({}),
  },
});
