import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session';
import { type DashboardPage, settingsPagesFor } from '../routes/dashboard-pages';

/** A group of the Settings navigation: the organisation's settings, then the installation's. */
function Group({
  heading,
  pages,
  pathname,
}: {
  heading: ReactNode;
  pages: DashboardPage[];
  pathname: string;
}) {
  const { i18n } = useLingui();
  if (pages.length === 0) return null;
  return (
    <div>
      <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{heading}</p>
      <ul className="space-y-0.5">
        {pages.map((page) => {
          const to = paths.dashboard.page(page.path);
          const active = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <li key={page.path}>
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  active
                    ? 'bg-indigo-50 text-indigo-700'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                {i18n._(page.title)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The Settings area (issue 25): its own navigation beside the page, built from the dashboard's page
 * list (`settings` pages the person may open), so a new settings page is one entry there.
 */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const pages = settingsPagesFor(useCurrentUser()?.role);
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:gap-8">
      <nav aria-label={t`Settings`} className="shrink-0 space-y-4 lg:w-48">
        <Group
          heading={<Trans>Organisation</Trans>}
          pages={pages.filter((page) => page.settings === 'organization')}
          pathname={pathname}
        />
        <Group
          heading={<Trans>Installation</Trans>}
          pages={pages.filter((page) => page.settings === 'installation')}
          pathname={pathname}
        />
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
