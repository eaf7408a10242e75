import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { MarkAllReadButton, NotificationList } from '@/features/notifications/components/notification-list';
import { useAppDispatch } from '@/lib/store';
import { IconButton } from '@/ui/button';
import { hideNotificationPanel } from './dashboard-slice';

export const NOTIFICATION_PANEL_ID = 'notification-panel';

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
      <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-5 lg:h-14">
        <h2 id="notification-panel-title" className="text-sm font-semibold text-slate-900">
          <Trans>Notifications</Trans>
        </h2>
        <div className="flex items-center gap-1">
          <MarkAllReadButton />
          <IconButton label={t`Close notifications`} onClick={() => dispatch(hideNotificationPanel())}>
            <X aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        <NotificationList onNavigate={() => dispatch(hideNotificationPanel())} />
      </div>
    </aside>
  );
}
