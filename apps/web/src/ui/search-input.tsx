import { useLingui } from '@lingui/react/macro';
import { Search, X } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './form-field';

export interface SearchInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'aria-label'> {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name (the placeholder is not one). */
  label: string;
}

/** A search box with a magnifier and a clear button. */
export function SearchInput({ value, onValueChange, label, className, ...props }: SearchInputProps) {
  const { t } = useLingui();
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        aria-label={label}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onValueChange('');
          }
        }}
        className={cn(inputClasses, 'h-9 py-0 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden')}
        {...props}
      />
      {value ? (
        <button
          type="button"
          aria-label={t`Clear search`}
          onClick={() => onValueChange('')}
          className="absolute top-1/2 right-1.5 flex size-6 -translate-y-1/2 items-center justify-center rounded text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
