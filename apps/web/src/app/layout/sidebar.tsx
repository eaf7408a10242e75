import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session';
import { Logo } from '@/ui/logo';
import { isNavItemActive, navItemsFor } from './nav-items';

/** The list of dashboard areas; the current one is marked with `aria-current="page"`. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n, t } = useLingui();
  const { pathname } = useLocation();
  const items = navItemsFor(useCurrentUser()?.role);
  return (
    <nav aria-label={t`Main`} className="flex-1 px-3 py-4">
      <ul className="space-y-1">
        {items.map((item) => {
          const active = isNavItemActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  active
                    ? 'bg-indigo-50 text-indigo-700'
                    : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0',
                    active ? 'text-indigo-600' : 'text-slate-400 group-hover:text-slate-500',
                  )}
                />
                {i18n._(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Sidebar() {
  const home = useCurrentUser()?.role === 'regular' ? paths.dashboard.me : paths.dashboard.overview;
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="flex h-16 items-center px-5">
        <Link
          to={home}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <Logo />
        </Link>
      </div>
      <SidebarNav />
      <p className="border-t border-slate-200 px-5 py-4 text-xs text-slate-400">
        <Trans>Equip · IT management</Trans>
      </p>
    </aside>
  );
}
