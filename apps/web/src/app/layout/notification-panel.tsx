import { Trans, useLingui } from '@lingui/react/macro';
import { BellOff, X } from 'lucide-react';
import { useAppDispatch } from '@/lib/store';
import { IconButton } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
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
      <div className="flex h-16 items-center justify-between border-b border-slate-200 px-5 lg:h-14">
        <h2 id="notification-panel-title" className="text-sm font-semibold text-slate-900">
          <Trans>Notifications</Trans>
        </h2>
        <IconButton label={t`Close notifications`} onClick={() => dispatch(hideNotificationPanel())}>
          <X aria-hidden="true" />
        </IconButton>
      </div>
      <div className="flex-1 overflow-y-auto p-5">
        <EmptyState
          icon={BellOff}
          title={t`No notifications yet`}
          description={t`Device alerts, onboarding progress and finished imports will show up here.`}
          headingLevel={3}
          className="border-none px-2 py-10"
        />
      </div>
    </aside>
  );
}
