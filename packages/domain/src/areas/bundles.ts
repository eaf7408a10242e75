import { defineArea } from '../define-area.ts';

/**
 * Bundles and applications (issue 29, decision 028): the software people get. Every change of a bundle
 * is an event, and the webhooks publish them in their own group.
 */
export const bundlesArea = defineArea({
  name: 'bundles',
  events: [
    'BUNDLE_CREATED',
    'BUNDLE_UPDATED',
    'BUNDLE_DELETED',
    'BUNDLE_APPLICATIONS_CHANGED',
    'BUNDLE_EMPLOYEE_ASSIGNED',
    'BUNDLE_EMPLOYEE_UNASSIGNED',
    'BUNDLE_SETTINGS_CHANGED',
  ],
  webhookGroups: {
    bundles: ['bundle.created', 'bundle.updated', 'bundle.deleted', 'bundle.assigned', 'bundle.unassigned'],
  },
  webhookOfEvent: {
    BUNDLE_CREATED: 'bundle.created',
    BUNDLE_UPDATED: 'bundle.updated',
    BUNDLE_APPLICATIONS_CHANGED: 'bundle.updated',
    BUNDLE_DELETED: 'bundle.deleted',
    BUNDLE_EMPLOYEE_ASSIGNED: 'bundle.assigned',
    BUNDLE_EMPLOYEE_UNASSIGNED: 'bundle.unassigned',
  },
});
