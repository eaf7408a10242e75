import { defineArea } from '../define-area.ts';

/** The installation's provider admins. */
export const providerAdminsArea = defineArea({
  name: 'provider-admins',
  events: ['PROVIDER_ADMIN_ADDED', 'PROVIDER_ADMIN_DISABLED'],
});
