import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export interface LinkTab {
  id: string;
  /** The tab's words; may carry a count badge. */
  label: ReactNode;
  to: string;
}

/**
 * Tabs that are links (the selected tab lives in the URL, e.g. `?view=onboarding`), so they can
 * be bookmarked and shared. The current one carries `aria-current="page"`.
 */
export function LinkTabs({ label, tabs, current }: { label: string; tabs: LinkTab[]; current: string }) {
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex border-b-2 px-1 pb-3 text-sm font-medium transition-colors',
                  'rounded-t-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  active
                    ? 'border-indigo-600 text-indigo-700'
                    : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
