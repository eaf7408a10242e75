import type { Notification } from '@equip/domain/notification-api';
import { NOTIFICATION_PARAMS } from '@equip/domain/notification-rules';
import { t } from '@lingui/core/macro';
import { NOTIFICATION_TEXTS } from '@/areas';
import type { NotificationText } from '@/lib/define-area';

type Text = NotificationText;

/**
 * What a notification says and where it leads, in the reader's language (the active catalog, read
 * when rendering). Each kind's title, body and link are its area's, declared in its feature's
 * `area.ts` and gathered in `src/areas.ts` (the type makes a text for every kind of the domain's rule
 * required). A `message` (the words of a
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
  const render = NOTIFICATION_TEXTS[notification.kind] as (p: unknown) => Text;
  return render(params.data);
}

const unreadable = (): Text => ({ title: t`Notification`, body: null, link: null });
