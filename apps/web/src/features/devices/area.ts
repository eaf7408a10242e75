import { devicesArea } from '@equip/domain/areas/devices';
import { msg, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea, type NotificationLink } from '@/lib/define-area';
import { translateKnownMessage } from '@/lib/i18n/known-messages';

/** The device's own page, or the devices list when the device is gone from the rule's event. */
const deviceLink = ({
  deviceUuid,
  deviceName,
}: {
  deviceUuid: string | null;
  deviceName: string;
}): NotificationLink =>
  deviceUuid
    ? { to: paths.dashboard.device(deviceUuid), label: deviceName ? t`Open ${deviceName}` : t`Open device` }
    : { to: paths.dashboard.devices(), label: t`Open devices` };

/** Devices' events, webhook types and notifications in words (gathered in `src/areas.ts`). */
export const devicesWebArea = defineWebArea(devicesArea, {
  eventLabels: {
    DEVICE_ADDED: msg`Device added`,
    DEVICE_UPDATED: msg`Device changed`,
    DEVICE_ASSIGNED: msg`Device assigned`,
    DEVICE_UNASSIGNED: msg`Device unassigned`,
    DEVICE_STATUS_CHANGED: msg`Device status changed`,
    DEVICE_ENROLLED: msg`Device enrolled`,
    DEVICE_ACTION_SENT: msg`Device action sent`,
    DEVICE_ACTION_COMPLETED: msg`Device action completed`,
    DEVICE_RETURNED: msg`Device returned`,
    SOFTWARE_PATCHED: msg`Software patched`,
    SECURITY_ALERT: msg`Security alert`,
    DEVICE_REGISTRATION_REMINDER_SENT: msg`Registration reminder sent`,
  },
  webhookGroupLabels: { devices: msg`Devices`, security: msg`Security` },
  webhookDescriptions: {
    'device.created': msg`A device was added`,
    'device.updated': msg`A device was changed (with before and after)`,
    'device.assigned': msg`A device was assigned`,
    'device.unassigned': msg`A device was unassigned`,
    'device.returned': msg`A device was returned`,
    'device.enrolled': msg`A device was enrolled in device management`,
    'device.action.sent': msg`A device action was sent to its MDM`,
    'device.action.completed': msg`A device action finished`,
    'security.alert': msg`A security alert was raised`,
  },
  notificationTexts: {
    'device.unencrypted': (p) => {
      const { deviceName } = p;
      return {
        title: t`Disk encryption is off`,
        body: t`${deviceName} is not encrypted.`,
        link: deviceLink(p),
      };
    },
    'device.unprotected': (p) => {
      const { deviceName } = p;
      return {
        title: t`Device protection is off`,
        body: t`${deviceName} is not protected by a security add-on.`,
        link: deviceLink(p),
      };
    },
    'device.lost': (p) => {
      const { deviceName } = p;
      return {
        title: t`Device reported lost`,
        body: t`${deviceName} was reported lost.`,
        link: deviceLink(p),
      };
    },
    'device.action_failed': (p) => {
      const { deviceName } = p;
      const error = p.error ? translateKnownMessage(p.error) : null;
      return {
        title: t`Device action failed`,
        body: error
          ? t`The command sent to ${deviceName} did not complete: ${error}`
          : t`The command sent to ${deviceName} did not complete.`,
        link: deviceLink(p),
      };
    },
  },
});
