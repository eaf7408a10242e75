import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from '@/ui/card';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** A symbol above the title (e.g. a shield for the second factor). */
  icon?: LucideIcon;
  iconTone?: 'indigo' | 'emerald' | 'red';
  children?: ReactNode;
  footer?: ReactNode;
}

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  red: 'bg-red-50 text-red-600',
};

/** The card every sign-in screen sits in. */
export function AuthCard({
  title,
  description,
  icon: Icon,
  iconTone = 'indigo',
  children,
  footer,
}: AuthCardProps) {
  return (
    <Card className="overflow-hidden shadow-sm">
      <div className="space-y-6 p-6 sm:p-8">
        <div className="space-y-2 text-center">
          {Icon ? (
            <span
              className={cn(
                'mx-auto mb-4 flex size-12 items-center justify-center rounded-full',
                tones[iconTone],
              )}
            >
              <Icon aria-hidden="true" className="size-6" />
            </span>
          ) : null}
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <div className="text-sm text-slate-500">{description}</div> : null}
        </div>
        {children}
      </div>
      {footer ? (
        <div className="border-t border-slate-100 bg-slate-50 px-6 py-4 text-center text-sm text-slate-500 sm:px-8">
          {footer}
        </div>
      ) : null}
    </Card>
  );
}
