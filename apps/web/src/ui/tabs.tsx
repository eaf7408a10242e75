import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  content: ReactNode;
}

/**
 * In-page tabs (Radix): arrow keys move between tabs, the panel follows. Controlled, so the
 * selected tab can live in application state.
 */
export function Tabs<T extends string>({
  label,
  value,
  onValueChange,
  tabs,
  className,
  listClassName,
}: {
  /** Accessible name of the tab list. */
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  tabs: TabItem<T>[];
  className?: string;
  listClassName?: string;
}) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      className={cn('flex flex-col', className)}
    >
      <RadixTabs.List
        aria-label={label}
        className={cn('flex gap-6 border-b border-slate-200', listClassName)}
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.id}
            value={tab.id}
            className={cn(
              '-mb-px inline-flex border-b-2 border-transparent px-1 py-3 text-sm font-medium text-slate-500 transition-colors',
              'hover:border-slate-300 hover:text-slate-700',
              'data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700',
              'rounded-t-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content
          key={tab.id}
          value={tab.id}
          className="min-h-0 flex-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
