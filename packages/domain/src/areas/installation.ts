import { defineArea } from '../define-area.ts';

/** The installation: its set-up and its organisations, run by provider admins (issue 26). */
export const installationArea = defineArea({
  name: 'installation',
  events: [
    'ORGANIZATION_CREATED',
    'ORGANIZATION_DEACTIVATED',
    'ORGANIZATION_REACTIVATED',
    'SETUP_LINK_ISSUED',
    'INSTALLATION_SET_UP',
  ],
});
