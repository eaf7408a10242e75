import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, LifeBuoy, Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useUnreadNotificationCount } from '@/features/notifications/api/get-notifications';
import { useBootConfig } from '@/lib/boot-config-context';
import { formatNumber } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { buttonClasses, IconButton } from '@/ui/button';
import { Logo } from '@/ui/logo';
import { Tooltip } from '@/ui/tooltip';
import { selectIsNotificationPanelOpen, toggleNotificationPanel } from './dashboard-slice';
import { loadNotificationList, NOTIFICATION_PANEL_ID } from './notification-panel';
import { OrganizationSwitcher } from './organization-switcher';
import { usePageTitle } from './page-title';
import { SidebarNav } from './sidebar';
import { UserMenu } from './user-menu';

function MobileNav() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <IconButton label={t`Open navigation`} className="md:hidden">
          <Menu aria-hidden="true" />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 flex-col bg-white shadow-xl focus:outline-none">
          <div className="flex h-16 items-center justify-between px-5">
            <Logo />
            <Dialog.Close asChild>
              <IconButton label={t`Close navigation`}>
                <X aria-hidden="true" />
              </IconButton>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">
            <Trans>Navigation</Trans>
          </Dialog.Title>
          <Dialog.Description className="sr-only">
            <Trans>The dashboard areas of Equip.</Trans>
          </Dialog.Description>
          <SidebarNav onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function TopBar() {
  const { t } = useLingui();
  const title = usePageTitle();
  const { helpDeskUrl } = useBootConfig();
  const dispatch = useAppDispatch();
  const panelOpen = useAppSelector(selectIsNotificationPanelOpen);
  const unread = useUnreadNotificationCount();
  // The badge stops counting at 99.
  const unreadText = unread > 99 ? '99+' : formatNumber(unread);

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-8">
      <MobileNav />
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">{title}</h1>
      <OrganizationSwitcher />
      <a
        href={helpDeskUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('secondary', 'sm')}
      >
        <LifeBuoy aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Request support</Trans>
        </span>
        <span className="sr-only">
          {' '}
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
      <Tooltip content={panelOpen ? t`Hide notifications` : t`Show notifications`}>
        <IconButton
          label={unread > 0 ? t`Notifications, ${unreadText} unread` : t`Notifications`}
          aria-expanded={panelOpen}
          aria-controls={NOTIFICATION_PANEL_ID}
          active={panelOpen}
          onClick={() => dispatch(toggleNotificationPanel())}
          onPointerEnter={() => void loadNotificationList()}
          onFocus={() => void loadNotificationList()}
          className="relative"
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-none font-semibold text-white tabular-nums"
            >
              {unreadText}
            </span>
          ) : null}
        </IconButton>
      </Tooltip>
      <span aria-hidden="true" className="hidden h-6 w-px bg-slate-200 sm:block" />
      <UserMenu />
    </header>
  );
}
