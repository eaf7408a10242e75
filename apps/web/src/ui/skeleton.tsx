import { cn } from '@/lib/cn';

/** A grey placeholder block shown while content loads (same size as the content, so nothing jumps). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded bg-slate-200/80', className)} />;
}
