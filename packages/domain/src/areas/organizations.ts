import { defineArea } from '../define-area.ts';

/** The organisation's own settings (profile, single sign-on), changed by its IT owners. */
export const organizationsArea = defineArea({
  name: 'organizations',
  events: ['ORGANIZATION_UPDATED'],
});
