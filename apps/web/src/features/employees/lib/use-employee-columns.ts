import { EMPLOYEE_COLUMNS_STORAGE_KEY, EmployeeColumnKey } from '@equip/domain/employees';
import { useCallback, useState } from 'react';
import { z } from 'zod';

export const CONFIGURABLE_COLUMNS = EmployeeColumnKey.options;

/** The visible optional columns of the all-employees table, read from local storage (all when unset). */
export function readEmployeeColumns(
  storage: Storage | undefined = globalThis.localStorage,
): EmployeeColumnKey[] {
  try {
    const raw = storage?.getItem(EMPLOYEE_COLUMNS_STORAGE_KEY);
    if (raw === null || raw === undefined) return [...CONFIGURABLE_COLUMNS];
    const parsed = z.array(z.string()).safeParse(JSON.parse(raw));
    if (!parsed.success) return [...CONFIGURABLE_COLUMNS];
    return CONFIGURABLE_COLUMNS.filter((key) => parsed.data.includes(key));
  } catch {
    return [...CONFIGURABLE_COLUMNS];
  }
}

function writeEmployeeColumns(columns: readonly EmployeeColumnKey[]): void {
  try {
    localStorage.setItem(EMPLOYEE_COLUMNS_STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

/** Column configuration of the all view, persisted under `equip:all_employees_columns` (SPEC §9). */
export function useEmployeeColumns() {
  const [visible, setVisible] = useState<EmployeeColumnKey[]>(() => readEmployeeColumns());
  const update = useCallback((next: EmployeeColumnKey[]) => {
    const ordered = CONFIGURABLE_COLUMNS.filter((key) => next.includes(key));
    setVisible(ordered);
    writeEmployeeColumns(ordered);
  }, []);
  const toggle = useCallback(
    (key: EmployeeColumnKey, on: boolean) =>
      update(on ? [...visible, key] : visible.filter((column) => column !== key)),
    [update, visible],
  );
  const reset = useCallback(() => update([...CONFIGURABLE_COLUMNS]), [update]);
  return { visible, toggle, reset };
}
