import type { ReactNode } from 'react';

/**
 * How many rows a list's filters match ("12 devices"), at the end of its filter bar, announced politely
 * as it changes. Nothing is shown while there is no count yet (the first page is on its way).
 */
export function ListCount({ children }: { children: ReactNode }) {
  if (children === undefined || children === null || children === false) return null;
  return (
    <p aria-live="polite" className="text-sm whitespace-nowrap text-slate-500 tabular-nums">
      {children}
    </p>
  );
}
