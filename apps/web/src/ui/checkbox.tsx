import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked'> {
  /** `'indeterminate'` shows a dash (announced as "mixed"), e.g. for a partly selected list. */
  checked: boolean | 'indeterminate';
  /** The accessible name when there is no visible label. */
  label?: string;
}

/** A native checkbox (so keyboard, forms and screen readers work as expected) with a tri-state look. */
export function Checkbox({ checked, label, className, ...props }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'indeterminate';
  }, [checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked === true}
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
