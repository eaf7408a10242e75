import type { Notification } from '@equip/domain/notification-api';
import type { Severity } from '@equip/domain/notifications';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, BellOff, CheckCheck, CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { NOTIFICATIONS_MAX, NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { notificationText } from '../lib/notification-text';

/** Each severity's icon and colour, and its name for screen readers (the colour alone says nothing). */
const SEVERITY: Record<Severity, { icon: LucideIcon; className: string; label: MessageDescriptor }> = {
  positive: { icon: CircleCheck, className: 'bg-emerald-50 text-emerald-600', label: msg`Success` },
  info: { icon: Info, className: 'bg-indigo-50 text-indigo-600', label: msg`Information` },
  negative: { icon: CircleAlert, className: 'bg-red-50 text-red-600', label: msg`Problem` },
  neutral: { icon: Bell, className: 'bg-slate-100 text-slate-500', label: msg`Note` },
};

/** A notification of the last week says how long ago; an older one its date and time. */
const RELATIVE_FOR_MS = 7 * 24 * 60 * 60 * 1000;

function NotificationTime({ createdAt }: { createdAt: string }) {
  const recent = Date.now() - new Date(createdAt).getTime() < RELATIVE_FOR_MS;
  const full = formatDateTime(createdAt);
  return (
    <time
      dateTime={createdAt}
      title={recent ? full : undefined}
      className="text-xs whitespace-nowrap text-slate-500"
    >
      {recent ? formatRelativeTime(createdAt) : full}
    </time>
  );
}

function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: Notification;
  onNavigate: (() => void) | undefined;
}) {
  const { t, i18n } = useLingui();
  const markRead = useMarkNotificationRead();
  const { title, body, link } = notificationText(notification);
  const severity = SEVERITY[notification.severity];
  const Icon = severity.icon;
  const unread = notification.readAt === null;
  return (
    <li
      className={cn('flex gap-3 rounded-lg p-3', unread ? 'bg-indigo-50/40' : 'bg-white')}
      data-unread={unread || undefined}
    >
      <span
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          severity.className,
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          <span className="sr-only">{i18n._(severity.label)}: </span>
          {title}
          {unread ? (
            <span className="sr-only">
              {' '}
              <Trans>(unread)</Trans>
            </span>
          ) : null}
        </p>
        {body ? <p className="mt-0.5 text-sm break-words text-slate-600">{body}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <NotificationTime createdAt={notification.createdAt} />
          {link ? (
            <Link
              to={link.to}
              onClick={onNavigate}
              className="min-w-0 rounded text-xs break-words font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              {link.label}
            </Link>
          ) : null}
          {unread ? (
            <button
              type="button"
              className="rounded text-xs whitespace-nowrap font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
              aria-label={t`Mark “${title}” as read`}
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(notification.uuid)}
            >
              <Trans>Mark as read</Trans>
            </button>
          ) : null}
        </div>
      </div>
      {unread ? (
        <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-indigo-500" />
      ) : null}
    </li>
  );
}

/** "Mark all as read", for the panel's header; hidden while nothing is unread. */
export function MarkAllReadButton() {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  if (!notifications.data || notifications.data.unreadCount === 0) return null;
  return (
    <Button variant="ghost" size="sm" loading={markAll.isPending} onClick={() => markAll.mutate(undefined)}>
      {markAll.isPending ? null : <CheckCheck aria-hidden="true" />}
      <Trans>Mark all as read</Trans>
    </Button>
  );
}

/**
 * The notification panel's body: the signed-in person's notifications, newest first, each with its
 * severity, text in the reader's language, a link to its record, its time (relative for the last week,
 * the date in the reader's format before) and a "Mark as read"; loading, empty and error
 * states; "Show more" for older ones. New ones arrive by polling (api/get-notifications.ts).
 */
export function NotificationList({
  onNavigate,
}: {
  /** Called when a notification's link is followed (the panel closes, it would cover the page). */
  onNavigate?: () => void;
} = {}) {
  const { t } = useLingui();
  const [take, setTake] = useState(NOTIFICATIONS_PAGE_SIZE);
  const notifications = useNotifications(take);
  if (notifications.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading notifications…</Trans>
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  if (notifications.isError)
    return (
      <LoadError
        error={notifications.error}
        fallback={t`Could not load your notifications.`}
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    );
  const { items, total } = notifications.data;
  if (items.length === 0)
    return (
      <EmptyState
        icon={BellOff}
        title={t`No notifications yet`}
        description={t`Device alerts, MDM server problems and finished imports will show up here.`}
        headingLevel={3}
        className="border-none px-2 py-10"
      />
    );
  return (
    <div className="space-y-3">
      <ul aria-label={t`Notifications`} className="space-y-1">
        {items.map((notification) => (
          <NotificationItem key={notification.uuid} notification={notification} onNavigate={onNavigate} />
        ))}
      </ul>
      {total > items.length && take < NOTIFICATIONS_MAX ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-full"
          loading={notifications.isFetching}
          onClick={() => setTake((n) => Math.min(NOTIFICATIONS_MAX, n + NOTIFICATIONS_PAGE_SIZE))}
        >
          <Trans>Show more</Trans>
        </Button>
      ) : null}
    </div>
  );
}
