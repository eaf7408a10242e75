import type { LucideIcon } from 'lucide-react';

export interface ComingSoonItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** What a screen will offer once its release lands (honest placeholder content). */
export function ComingSoonList({ items }: { items: ComingSoonItem[] }) {
  return (
    <ul className="space-y-3">
      {items.map(({ icon: Icon, title, description }) => (
        <li key={title} className="flex gap-3 rounded-lg border border-slate-200 p-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <div>
            <p className="text-sm font-medium text-slate-900">{title}</p>
            <p className="text-sm text-slate-500">{description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
