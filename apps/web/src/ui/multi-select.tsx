import { Trans } from '@lingui/react/macro';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface MultiSelectOption<T extends string> {
  value: T;
  label: string;
}

const triggerClasses = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap shadow-xs ring-1 ring-inset transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    active
      ? 'bg-indigo-50 text-indigo-800 ring-indigo-300 hover:bg-indigo-100'
      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
  );

export const menuContentClasses =
  'z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none';

const itemClasses =
  'relative flex cursor-default items-center gap-2 rounded-md py-1.5 pr-3 pl-8 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:opacity-50';

/** One checkable entry of a menu; the menu stays open so several can be toggled in a row. */
export function MenuCheckboxItem({
  checked,
  onCheckedChange,
  disabled,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.CheckboxItem
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      onSelect={(event) => event.preventDefault()}
      className={itemClasses}
    >
      <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
        <Check aria-hidden="true" className="size-4 text-indigo-600" />
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.CheckboxItem>
  );
}

/** A plain action entry of a menu. */
export function MenuItem({
  onSelect,
  children,
  disabled,
}: {
  onSelect: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <DropdownMenu.Item onSelect={onSelect} disabled={disabled} className={itemClasses}>
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
      {children}
    </DropdownMenu.Label>
  );
}

/** A dropdown menu opened by `trigger` (one focusable element). */
export function Menu({
  trigger,
  children,
  align = 'start',
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={4} className={menuContentClasses}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * A filter that accepts several values: a button naming the filter (and how many values are on)
 * opening a list of checkable options.
 */
export function MultiSelect<T extends string>({
  label,
  options,
  value,
  onValueChange,
}: {
  label: string;
  options: readonly MultiSelectOption<T>[];
  value: readonly T[];
  onValueChange: (value: T[]) => void;
}) {
  const selected = new Set(value);
  const summary =
    value.length === 0
      ? null
      : value.length === 1
        ? (options.find((o) => o.value === value[0])?.label ?? value[0])
        : `${value.length}`;
  return (
    <Menu
      trigger={
        <button
          type="button"
          className={triggerClasses(value.length > 0)}
          aria-label={`${label} filter${
            value.length === 0 ? '' : value.length === 1 ? `: ${summary}` : `: ${value.length} selected`
          }`}
        >
          <span>
            {label}
            {summary ? <span className="font-normal">: {summary}</span> : null}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 opacity-60" />
        </button>
      }
    >
      {options.map((option) => (
        <MenuCheckboxItem
          key={option.value}
          checked={selected.has(option.value)}
          onCheckedChange={(checked) =>
            onValueChange(
              checked
                ? options.filter((o) => o.value === option.value || selected.has(o.value)).map((o) => o.value)
                : value.filter((v) => v !== option.value),
            )
          }
        >
          {option.label}
        </MenuCheckboxItem>
      ))}
      {value.length > 0 ? (
        <>
          <MenuSeparator />
          <MenuItem onSelect={() => onValueChange([])}>
            <Trans>Clear</Trans>
          </MenuItem>
        </>
      ) : null}
    </Menu>
  );
}
