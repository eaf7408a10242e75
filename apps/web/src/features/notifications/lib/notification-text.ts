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

interface Text {
  title: string;
  body: string | null;
  /** Where to act on it: a page of the app and what the link says. */
  link?: { to: string; label: string };
}

const mdmServersLink = () => ({ to: paths.dashboard.mdmServers, label: t`Open MDM servers` });

/**
 * The title and body of each kind, in the reader's language (the active catalog, read when rendering),
 * from its params. A kind added to the
 * domain's rule (notification-rules.ts) gets its texts here; the type makes it required.
 */
const TEXTS: { [K in Exclude<NotificationKind, 'message'>]: (p: NotificationParams<K>) => Text } = {
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
    };
  },
  'device.unencrypted': ({ deviceName }) => ({
    title: t`Disk encryption is off`,
    body: t`${deviceName} is not encrypted.`,
  }),
  'device.unprotected': ({ deviceName }) => ({
    title: t`Device protection is off`,
    body: t`${deviceName} is not protected by a security add-on.`,
  }),
  'device.lost': ({ deviceName }) => ({
    title: t`Device reported lost`,
    body: t`${deviceName} was reported lost.`,
  }),
  'device.action_failed': ({ deviceName, error }) => ({
    title: t`Device action failed`,
    body: error
      ? t`The command sent to ${deviceName} did not complete: ${error}`
      : t`The command sent to ${deviceName} did not complete.`,
  }),
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
  'order.shipped': ({ summary }) => ({ title: t`Order shipped`, body: t`${summary} is on its way.` }),
  'order.stuck': ({ summary, sinceDays }) => ({
    title: t`Order is stuck`,
    body: plural(sinceDays, {
      one: `${summary} has not moved for # day.`,
      other: `${summary} has not moved for # days.`,
    }),
  }),
  'onboarding.task_failed': ({ employeeName, task }) => ({
    title: t`Onboarding task failed`,
    body: t`${task} failed for ${employeeName}.`,
  }),
};

/**
 * What a notification says, in the reader's language. A `message` (and a kind whose params do not
 * read as expected) shows the text stored with it.
 */
export function notificationText(
  notification: Pick<Notification, 'kind' | 'params' | 'title' | 'body'>,
): Text {
  const stored = { title: notification.title, body: notification.body };
  if (notification.kind === 'message') return stored;
  const params = NOTIFICATION_PARAMS[notification.kind].safeParse(notification.params);
  if (!params.success) return stored;
  const render = TEXTS[notification.kind] as (p: unknown) => Text;
  return render(params.data);
}
