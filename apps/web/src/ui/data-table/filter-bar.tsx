import { Trans } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../button';
import { Checkbox } from '../checkbox';

/**
 * The filters above a list's table: the area's controls (`DebouncedSearch`, `MultiSelect`,
 * `ToggleFilter` …), a reset while any filter is on, and controls at the right end (`ColumnMenu`).
 */
export function FilterBar({
  label,
  isDefault,
  onReset,
  trailing,
  children,
}: {
  /** The accessible name of the search landmark ("Filter devices"). */
  label: string;
  /** True when every filter is unused: no reset then. */
  isDefault: boolean;
  onReset: () => void;
  trailing?: ReactNode;
  children: ReactNode;
}) {
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label={label}>
      {children}
      {isDefault ? null : (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <X aria-hidden="true" />
          <Trans>Reset filters</Trans>
        </Button>
      )}
      {trailing ? <div className="ml-auto flex items-center gap-2">{trailing}</div> : null}
    </search>
  );
}

/** An on/off filter: a checkbox with its label. */
export function ToggleFilter({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-100">
      <Checkbox id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className="cursor-pointer">
        {children}
      </label>
    </div>
  );
}
