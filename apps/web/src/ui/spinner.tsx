import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';

export function Spinner({ label, className }: { label?: string | undefined; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-sm text-slate-500', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-slate-200 border-t-indigo-600"
      />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

/** A spinner centred in the available space, for pages that are loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-48 flex-1 items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
