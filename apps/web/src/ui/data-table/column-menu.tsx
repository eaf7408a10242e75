import { Trans } from '@lingui/react/macro';
import { Columns3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Menu, MenuCheckboxItem, MenuItem, MenuLabel, MenuSeparator } from '../multi-select';
import type { ColumnFit } from './column-fit';

/**
 * Which optional columns a list shows (`useColumnPreferences`), plus the list's resets as `children`
 * (`MenuItem`s). Given the table's `fit`, it also offers the columns the table hides for lack of room:
 * showing one hides a less important one instead.
 */
export function ColumnMenu<C extends string>({
  columns,
  labels,
  visible,
  onToggle,
  onShowAll,
  fit,
  children,
}: {
  columns: readonly C[];
  labels: Record<C, string>;
  visible: readonly C[];
  onToggle: (column: C, on: boolean) => void;
  onShowAll: () => void;
  fit?: ColumnFit;
  children?: ReactNode;
}) {
  const noRoom = columns.filter((column) => visible.includes(column) && fit?.hidden.includes(column));
  return (
    <Menu
      align="end"
      trigger={
        <button
          type="button"
          className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium text-slate-700 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <Columns3 aria-hidden="true" className="size-4" />
          <Trans>Columns</Trans>
        </button>
      }
    >
      {noRoom.length > 0 ? (
        <>
          <MenuLabel>
            <Trans>Not enough room to show</Trans>
          </MenuLabel>
          {noRoom.map((column) => (
            <MenuItem key={column} onSelect={() => fit?.show(column)}>
              {labels[column]}
            </MenuItem>
          ))}
          <MenuSeparator />
        </>
      ) : null}
      <MenuLabel>
        <Trans>Show columns</Trans>
      </MenuLabel>
      {columns.map((column) => (
        <MenuCheckboxItem
          key={column}
          checked={visible.includes(column)}
          onCheckedChange={(on) => onToggle(column, on)}
        >
          {labels[column]}
        </MenuCheckboxItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={onShowAll}>
        <Trans>Show all columns</Trans>
      </MenuItem>
      {children}
    </Menu>
  );
}
