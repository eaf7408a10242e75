import { cn } from '@/lib/cn';

/** A grey placeholder block shown while content loads (same size as the content, so nothing jumps). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded bg-slate-200/80', className)} />;
}

/** A placeholder for a picture (an avatar, an icon) with lines of text beside it. */
export function SkeletonMedia({
  media,
  lines,
  className,
}: {
  /** Size and shape of the picture, e.g. `size-8 rounded-full`. */
  media: string;
  /** One entry per line of text: its size, e.g. `h-3 w-32`. */
  lines: readonly string[];
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Skeleton className={cn('shrink-0', media)} />
      <div className="flex-1 space-y-1.5">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity.
          <Skeleton key={index} className={line} />
        ))}
      </div>
    </div>
  );
}
