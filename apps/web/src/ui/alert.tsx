import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

const styles: Record<AlertVariant, { icon: LucideIcon; box: string; icon_: string }> = {
  error: { icon: CircleAlert, box: 'bg-red-50 text-red-900 ring-red-200', icon_: 'text-red-600' },
  success: {
    icon: CircleCheck,
    box: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    icon_: 'text-emerald-600',
  },
  info: { icon: Info, box: 'bg-indigo-50 text-indigo-900 ring-indigo-200', icon_: 'text-indigo-600' },
  warning: { icon: TriangleAlert, box: 'bg-amber-50 text-amber-900 ring-amber-200', icon_: 'text-amber-600' },
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Errors are announced at once (role="alert"); other messages politely (role="status"). */
  role?: 'alert' | 'status' | 'none';
  className?: string;
  id?: string;
  ref?: Ref<HTMLDivElement>;
}

/** A message box inside a page or form. It can take focus (tabIndex -1) so forms can move focus to it. */
export function Alert({ variant = 'info', title, children, role, className, id, ref }: AlertProps) {
  const style = styles[variant];
  const Icon = style.icon;
  const resolvedRole = role ?? (variant === 'error' ? 'alert' : 'status');
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role={resolvedRole === 'none' ? undefined : resolvedRole}
      className={cn(
        'flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset focus:outline-none',
        style.box,
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', style.icon_)} />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="[&_a]:font-medium [&_a]:underline">{children}</div> : null}
      </div>
    </div>
  );
}
