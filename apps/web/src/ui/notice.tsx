import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="flex gap-2 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
      <span>{children}</span>
    </p>
  );
}
