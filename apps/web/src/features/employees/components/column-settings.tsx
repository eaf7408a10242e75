import type { EmployeeColumnKey } from '@equip/domain/employees';
import { Columns3 } from 'lucide-react';
import { Menu, MenuCheckboxItem, MenuItem, MenuLabel, MenuSeparator } from '@/ui/multi-select';
import { CONFIGURABLE_COLUMNS } from '../lib/use-employee-columns';

export const COLUMN_LABELS: Record<EmployeeColumnKey, string> = {
  employeeStatus: 'Status',
  devicesAssigned: 'Devices',
  assignedBundle: 'Bundle',
  license: 'License',
  source: 'Source',
};

/** Which optional columns the all view shows, plus the resets of the table. */
export function ColumnSettings({
  visible,
  onToggle,
  onResetColumns,
  onClearTableState,
}: {
  visible: readonly EmployeeColumnKey[];
  onToggle: (key: EmployeeColumnKey, on: boolean) => void;
  onResetColumns: () => void;
  onClearTableState: () => void;
}) {
  return (
    <Menu
      align="end"
      trigger={
        <button
          type="button"
          className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium text-slate-700 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <Columns3 aria-hidden="true" className="size-4" />
          Columns
        </button>
      }
    >
      <MenuLabel>Show columns</MenuLabel>
      {CONFIGURABLE_COLUMNS.map((key) => (
        <MenuCheckboxItem
          key={key}
          checked={visible.includes(key)}
          onCheckedChange={(on) => onToggle(key, on)}
        >
          {COLUMN_LABELS[key]}
        </MenuCheckboxItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={onResetColumns}>Show all columns</MenuItem>
      <MenuItem onSelect={onClearTableState}>Clear filters, sorting and selection in all views</MenuItem>
    </Menu>
  );
}
