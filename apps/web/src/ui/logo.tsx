import { cn } from '@/lib/cn';

/** The Equip mark (the favicon's shape) with an optional wordmark. */
export function Logo({ withWordmark = true, className }: { withWordmark?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M10 8h12v3.5h-8.5v2.75H21v3.5h-7.5v2.75H22V24H10z" className="fill-white" />
      </svg>
      {withWordmark ? (
        <span className="text-lg font-semibold tracking-tight text-slate-900">Equip</span>
      ) : (
        <span className="sr-only">Equip</span>
      )}
    </span>
  );
}
