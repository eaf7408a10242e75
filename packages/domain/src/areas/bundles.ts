import { z } from 'zod';
import { defineArea, drafts } from '../define-area.ts';

/** People per job when a bundle change reaches many at once (the installs are queued a batch at a time). */
export const BUNDLE_EFFECT_BATCH = 500;

const NOTIFICATIONS = {
  /** A bundle's application failed to install on a person's device (told to the IT owners). */
  'bundle.install_failed': z.object({
    userUuid: z.string(),
    employeeName: z.string(),
    applicationName: z.string(),
    reason: z.string(),
  }),
};
const draft = drafts(NOTIFICATIONS);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

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
    'BUNDLE_INSTALL_FAILED',
  ],
  webhookGroups: {
    bundles: [
      'bundle.created',
      'bundle.updated',
      'bundle.deleted',
      'bundle.assigned',
      'bundle.unassigned',
      'bundle.install_failed',
    ],
  },
  webhookOfEvent: {
    BUNDLE_CREATED: 'bundle.created',
    BUNDLE_UPDATED: 'bundle.updated',
    BUNDLE_APPLICATIONS_CHANGED: 'bundle.updated',
    BUNDLE_DELETED: 'bundle.deleted',
    BUNDLE_EMPLOYEE_ASSIGNED: 'bundle.assigned',
    BUNDLE_EMPLOYEE_UNASSIGNED: 'bundle.unassigned',
    BUNDLE_INSTALL_FAILED: 'bundle.install_failed',
  },
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    // The event's subject is the person whose device it is; its data names the application and why.
    BUNDLE_INSTALL_FAILED: (event) => [
      draft('bundle.install_failed', 'negative', 'it-owners', {
        userUuid: event.subjectUuid ?? '',
        employeeName: text(event.data?.employeeName) ?? '',
        applicationName: text(event.data?.applicationName) ?? '',
        reason: text(event.data?.reason) ?? '',
      }),
    ],
  },
  jobs: {
    /**
     * The installs and uninstalls a bundle change asks of a batch of people's devices (decision 028),
     * queued after the change's transaction when it reaches more people than a request should wait for.
     */
    'bundles.effect': z.object({
      organizationUuid: z.uuid(),
      actorUuid: z.uuid(),
      userUuids: z.array(z.uuid()).min(1).max(BUNDLE_EFFECT_BATCH),
      install: z.array(z.uuid()),
      uninstall: z.array(z.uuid()),
      /** Self-service offers and their withdrawals (issue 29, item 5); absent in jobs queued before. */
      offer: z.array(z.uuid()).default([]),
      withdraw: z.array(z.uuid()).default([]),
    }),
  },
});
