import { z } from 'zod';
import { defineArea, drafts, type NotifiableEvent } from '../define-area.ts';
import { MdmProvider } from '../mdm-providers.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const DeviceParams = z.object({ deviceUuid: z.string().nullable(), deviceName: z.string() });
const NOTIFICATIONS = {
  'device.unencrypted': DeviceParams,
  'device.unprotected': DeviceParams,
  'device.lost': DeviceParams,
  'device.action_failed': DeviceParams.extend({ action: z.string(), error: z.string().nullable() }),
};
const draft = drafts(NOTIFICATIONS);

const deviceParams = (event: NotifiableEvent) => ({
  deviceUuid: event.subjectUuid ?? null,
  deviceName: text(event.data?.name) ?? '',
});

/**
 * Devices: the fleet, its assignments, MDM actions and security state. The enrolment (`DEVICE_ENROLLED`,
 * logged by the enrollment module) and the registration reminders (logged by employees' daily
 * reminders) are events of a device and keep their place among them.
 */
export const devicesArea = defineArea({
  name: 'devices',
  events: [
    'DEVICE_ADDED',
    'DEVICE_UPDATED',
    'DEVICE_ASSIGNED',
    'DEVICE_UNASSIGNED',
    'DEVICE_STATUS_CHANGED',
    'DEVICE_ENROLLED',
    'DEVICE_ACTION_SENT',
    'DEVICE_ACTION_COMPLETED',
    'DEVICE_RETURNED',
    'SOFTWARE_PATCHED',
    'SECURITY_ALERT',
    'DEVICE_REGISTRATION_REMINDER_SENT',
  ],
  webhookGroups: {
    devices: [
      'device.created',
      'device.updated',
      'device.assigned',
      'device.unassigned',
      'device.returned',
      'device.enrolled',
      'device.action.sent',
      'device.action.completed',
    ],
    security: ['security.alert'],
  },
  webhookOfEvent: {
    DEVICE_ADDED: 'device.created',
    DEVICE_UPDATED: 'device.updated',
    DEVICE_STATUS_CHANGED: 'device.updated',
    DEVICE_ASSIGNED: 'device.assigned',
    DEVICE_UNASSIGNED: 'device.unassigned',
    DEVICE_RETURNED: 'device.returned',
    DEVICE_ENROLLED: 'device.enrolled',
    DEVICE_ACTION_SENT: 'device.action.sent',
    DEVICE_ACTION_COMPLETED: 'device.action.completed',
    SECURITY_ALERT: 'security.alert',
  },
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    // A device stopped being encrypted or protected: every IT owner is told.
    SECURITY_ALERT: (event) => {
      const lost = Array.isArray(event.data?.lost) ? event.data.lost : [];
      return [
        ...(lost.includes('encryption')
          ? [draft('device.unencrypted', 'negative', 'it-owners', deviceParams(event))]
          : []),
        ...(lost.includes('protection')
          ? [draft('device.unprotected', 'negative', 'it-owners', deviceParams(event))]
          : []),
      ];
    },
    // A device put into lost mode (the MDM action) is reported lost.
    DEVICE_ACTION_SENT: (event) =>
      event.data?.action === 'enable_lost_mode'
        ? [draft('device.lost', 'negative', 'it-owners', deviceParams(event))]
        : [],
    // An MDM command that did not complete: the person who sent it learns why.
    DEVICE_ACTION_COMPLETED: (event) =>
      event.data?.state === 'failed'
        ? [
            draft('device.action_failed', 'negative', 'actor', {
              ...deviceParams(event),
              action: text(event.data?.action) ?? '',
              error: text(event.data?.error),
            }),
          ]
        : [],
  },
  jobs: {
    /** Sends one MDM command (a device_commands row) to the device's provider. */
    'mdm.command': z.object({ organizationUuid: z.uuid(), commandUuid: z.uuid() }),
    /** Asks the provider whether the device has carried out a sent command; again until it reports. */
    'mdm.check': z.object({ organizationUuid: z.uuid(), commandUuid: z.uuid() }),
    /**
     * Offers a catalog application in one device's self-service catalogue through its MDM, or withdraws
     * the offer (`offered` false): a bundle's self-service applications (issue 29, item 5).
     */
    'mdm.offer': z.object({
      organizationUuid: z.uuid(),
      deviceUuid: z.uuid(),
      applicationUuid: z.uuid(),
      offered: z.boolean(),
    }),
    /** Hourly: enqueues `mdm.inventory.sync` for every connected MDM server (decision 025). */
    'mdm.inventory.plan': z.object({}),
    /**
     * Reads one organisation's MDM inventory page by page into its devices (decision 025); asked for by
     * a person ("Sync now", `requestedByUuid`) or planned (null).
     */
    'mdm.inventory.sync': z.object({
      organizationUuid: z.uuid(),
      provider: MdmProvider,
      requestedByUuid: z.uuid().nullable(),
    }),
  },
});
