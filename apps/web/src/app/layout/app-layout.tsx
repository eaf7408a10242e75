import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { afterFirstPaint } from '@/lib/after-paint';
import { prefetchCatalogs } from '@/lib/i18n/i18n';
import { useAppSelector } from '@/lib/store';
import { MAIN_LAYOUT_THEME } from '@/lib/theme';
import { OfflineBanner } from '@/ui/offline-banner';
import { selectIsNotificationPanelOpen } from './dashboard-slice';
import { NavigationProgress } from './navigation-progress';
import { NotificationPanel } from './notification-panel';
import { Sidebar } from './sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** The dashboard shell: sidebar, top bar, page content and the notification panel. Light only. */
export function AppLayout() {
  const panelOpen = useAppSelector(selectIsNotificationPanelOpen);
  // A page opened directly came with its own texts only (`DashboardPage.catalogs`): the other areas'
  // follow once it has painted, so the next page or drawer finds them at hand.
  useEffect(() => {
    void afterFirstPaint().then(prefetchCatalogs);
  }, []);
  return (
    <div
      data-theme={MAIN_LAYOUT_THEME}
      className="flex min-h-screen bg-slate-50 text-slate-900 [color-scheme:light]"
    >
      <SkipLink />
      <NavigationProgress />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <OfflineBanner />
        <div className="flex flex-1">
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-8"
          >
            <div className="mx-auto max-w-6xl">
              <Outlet />
            </div>
          </main>
          {panelOpen ? <NotificationPanel /> : null}
        </div>
      </div>
    </div>
  );
}
