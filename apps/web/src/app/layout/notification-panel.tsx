import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { withCatalogs } from '@/lib/i18n/i18n';
import { useAppDispatch } from '@/lib/store';
import { IconButton } from '@/ui/button';
import { Skeleton } from '@/ui/skeleton';
import { hideNotificationPanel } from './dashboard-slice';

export const NOTIFICATION_PANEL_ID = 'notification-panel';

/**
 * The list and its texts (every area's notification words and catalogs, and the domain's schemas of
 * their params) are no part of a page's first load (bench/lighthouse.mjs): fetched when the bell is
 * pointed at or focused, or else when the panel opens.
 */
export const loadNotificationList = withCatalogs(
  () => import('@/features/notifications/components/notification-list'),
  'all',
);
const NotificationList = lazy(() =>
  loadNotificationList().then((module) => ({ default: module.NotificationList })),
);
const MarkAllReadButton = lazy(() =>
  loadNotificationList().then((module) => ({ default: module.MarkAllReadButton })),
);

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}

export function NotificationPanel() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  return (
    <aside
      id={NOTIFICATION_PANEL_ID}
      aria-labelledby="notification-panel-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') dispatch(hideNotificationPanel());
      }}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-sm flex-col border-l border-slate-200 bg-white shadow-xl lg:sticky lg:top-16 lg:z-auto lg:h-[calc(100vh-4rem)] lg:w-80 lg:shadow-none"
    >
      {/* The close button keeps its place at the end whatever the language; "mark all" wraps below. */}
      <div className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 py-2 pr-3 pl-5 lg:min-h-14">
        <h2
          id="notification-panel-title"
          className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900"
        >
          <Trans>Notifications</Trans>
        </h2>
        <IconButton
          label={t`Close notifications`}
          className="shrink-0"
          onClick={() => dispatch(hideNotificationPanel())}
        >
          <X aria-hidden="true" />
        </IconButton>
        <div className="-ml-2 basis-full empty:hidden">
          <Suspense fallback={null}>
            <MarkAllReadButton />
          </Suspense>
        </div>
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        <Suspense fallback={<ListSkeleton />}>
          <NotificationList onNavigate={() => dispatch(hideNotificationPanel())} />
        </Suspense>
      </div>
    </aside>
  );
}
