import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** A heading for the content; leave it out when the top bar's page title says the same. */
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Small line above the title (e.g. the parent area). */
  eyebrow?: ReactNode;
}

/** The block at the top of a page's content: intro text and the page's main actions. */
export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        {eyebrow ? <div className="mb-1 text-sm font-medium text-indigo-600">{eyebrow}</div> : null}
        {title ? <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h2> : null}
        {description ? (
          <p className={title ? 'mt-1 max-w-2xl text-sm text-slate-500' : 'max-w-2xl text-sm text-slate-600'}>
            {description}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
