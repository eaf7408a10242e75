import { cn } from '@/lib/cn';
import { initials } from '../lib/format';

const palette = [
  'bg-indigo-100 text-indigo-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-800',
  'bg-sky-100 text-sky-700',
  'bg-rose-100 text-rose-700',
  'bg-violet-100 text-violet-700',
];

/** Initials in a circle; the colour is stable per person. */
export function EmployeeAvatar({
  person,
  className,
}: {
  person: { uuid: string; firstName: string; lastName: string };
  className?: string;
}) {
  let hash = 0;
  for (const char of person.uuid) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        palette[Math.abs(hash) % palette.length],
        className,
      )}
    >
      {initials(person)}
    </span>
  );
}
