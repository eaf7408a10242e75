import { cn } from '@/lib/cn';
import { InitialsAvatar } from '@/ui/avatar';

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
    <InitialsAvatar
      person={person}
      className={cn('size-8 text-xs', palette[Math.abs(hash) % palette.length], className)}
    />
  );
}
