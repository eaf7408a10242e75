import { mdmProviderName } from '@equip/domain/mdm-connections';
import type { Notification } from '@equip/domain/notification-api';
import {
  NOTIFICATION_PARAMS,
  type NotificationKind,
  type NotificationParams,
} from '@equip/domain/notification-rules';
import { plural, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { translateKnownMessage } from '@/lib/i18n/known-messages';

/** Where a notification leads: the page of the record it is about, and what the link says. */
export interface NotificationLink {
  to: string;
  label: string;
}

interface Text {
  title: string;
  body: string | null;
  /** The record's page; none only for the words of a notification from before they were data. */
  link: NotificationLink | null;
}

const mdmServersLink = (): NotificationLink => ({
  to: paths.dashboard.mdmServers,
  label: t`Open MDM servers`,
});

/** The device's own page, or the devices list when the device is gone from the rule's event. */
const deviceLink = ({ deviceUuid, deviceName }: { deviceUuid: string | null; deviceName: string }) =>
  deviceUuid
    ? { to: paths.dashboard.device(deviceUuid), label: deviceName ? t`Open ${deviceName}` : t`Open device` }
    : { to: paths.dashboard.devices(), label: t`Open devices` };

/**
 * The title, body and link of each kind, in the reader's language (the active catalog, read when
 * rendering), from its params. A kind added to the domain's rule (notification-rules.ts) gets its texts
 * and link here; the type makes them required.
 */
const TEXTS: {
  [K in Exclude<NotificationKind, 'message'>]: (
    p: NotificationParams<K>,
  ) => Text & { link: NotificationLink };
} = {
  'employees.imported': ({ count, fileName }) => {
    const n = formatNumber(count);
    return {
      title: t`Import finished`,
      body: fileName
        ? plural(count, {
            one: `${n} employee was imported from ${fileName}.`,
            other: `${n} employees were imported from ${fileName}.`,
          })
        : plural(count, { one: `${n} employee was imported.`, other: `${n} employees were imported.` }),
      link: { to: paths.dashboard.employees(), label: t`Open employees` },
    };
  },
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
    return { title: t`Device reported lost`, body: t`${deviceName} was reported lost.`, link: deviceLink(p) };
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
  'mdm.connection_failed': ({ provider, error }) => {
    const name = mdmProviderName(provider);
    const reason = error ? translateKnownMessage(error) : null;
    return {
      title: t`The ${name} connection is failing`,
      body: reason
        ? t`Equip could not use your ${name} server: ${reason}. Device actions through it fail until it works again.`
        : t`Equip could not use your ${name} server. Device actions through it fail until it works again.`,
      link: mdmServersLink(),
    };
  },
  'mdm.connection_restored': ({ provider }) => {
    const name = mdmProviderName(provider);
    return {
      title: t`The ${name} connection works again`,
      body: t`Equip reached your ${name} server again; device actions go through it.`,
      link: mdmServersLink(),
    };
  },
};

/**
 * What a notification says and where it leads, in the reader's language. A `message` (the words of a
 * notification from before they were data, migration 0034) shows them as they were written; params
 * that do not read as their kind's (a newer server) say so plainly rather than show raw data.
 */
export function notificationText(notification: Pick<Notification, 'kind' | 'params'>): Text {
  if (notification.kind === 'message') {
    const message = NOTIFICATION_PARAMS.message.safeParse(notification.params);
    return message.success ? { ...message.data, link: null } : unreadable();
  }
  const params = NOTIFICATION_PARAMS[notification.kind].safeParse(notification.params);
  if (!params.success) return unreadable();
  const render = TEXTS[notification.kind] as (p: unknown) => Text;
  return render(params.data);
}

const unreadable = (): Text => ({ title: t`Notification`, body: null, link: null });
