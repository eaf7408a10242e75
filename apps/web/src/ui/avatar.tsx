import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';

/**
 * A person's initials in a circle (decorative: their name is written beside it). Size and colours
 * come from `className`; the default is a small indigo one.
 */
export function InitialsAvatar({
  person,
  className,
}: {
  person: { firstName: string; lastName: string };
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold',
        className ?? 'size-8 bg-indigo-600 text-xs text-white',
      )}
    >
      {initials(person)}
    </span>
  );
}
