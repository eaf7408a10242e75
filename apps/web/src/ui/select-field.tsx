import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { FieldMessages, inputClasses, useFieldIds } from './form-field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  /** Help text under the select (linked with aria-describedby); e.g. why it cannot be changed. */
  hint?: ReactNode;
  /** The validation or server message for this field (linked, and marks the select invalid). */
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select with hint and error, styled like the text fields. */
export function SelectField({
  id,
  label,
  options,
  hint,
  error,
  className,
  ref,
  'aria-describedby': describedBy,
  ...props
}: SelectFieldProps) {
  const { controlId: selectId, hintId, errorId, described } = useFieldIds(id, { hint, error, describedBy });
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={cn(inputClasses, 'appearance-none py-2 pr-9 text-sm')}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
        />
      </div>
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}
