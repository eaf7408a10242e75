import { Trans } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface Step {
  id: string;
  label: string;
}

/** The steps of a wizard, with the current one marked (`aria-current="step"`). */
export function StepList({ label, steps, current }: { label: string; steps: Step[]; current: string }) {
  const currentIndex = steps.findIndex((step) => step.id === current);
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-3">
        {steps.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <li key={step.id} className="flex items-center gap-2">
              <span
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium',
                  active && 'bg-indigo-600 text-white',
                  done && 'bg-indigo-50 text-indigo-700',
                  !active && !done && 'bg-slate-100 text-slate-500',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-5 items-center justify-center rounded-full text-xs',
                    active ? 'bg-white/20' : done ? 'bg-indigo-100' : 'bg-white',
                  )}
                >
                  {done ? <Check className="size-3" /> : index + 1}
                </span>
                {step.label}
                {done ? (
                  <span className="sr-only">
                    {' '}
                    <Trans>(completed)</Trans>
                  </span>
                ) : null}
              </span>
              {index < steps.length - 1 ? (
                <span aria-hidden="true" className="h-px w-6 bg-slate-300" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
