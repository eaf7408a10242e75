import { useCallback, useMemo, useState } from 'react';

/**
 * The optional columns a list shows, from local storage under `storageKey` (its `defaults`, all of them
 * unless given, when unset or unreadable), in the order of `columns`. A column added to a list later is
 * hidden for whoever chose their columns before: they chose without it.
 */
export function readColumnPreferences<C extends string>(
  storageKey: string,
  columns: readonly C[],
  defaults: readonly C[] = columns,
): C[] {
  const fallback = columns.filter((key) => defaults.includes(key));
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    if (raw === null || raw === undefined) return fallback;
    const stored: unknown = JSON.parse(raw);
    if (!Array.isArray(stored) || !stored.every((key) => typeof key === 'string')) return fallback;
    return columns.filter((key) => stored.includes(key));
  } catch {
    return fallback;
  }
}

/**
 * Which optional columns a list shows, persisted in local storage under `storageKey` (e.g.
 * `equip:devices_columns`, SPEC §9): `defaults` until the person chooses (and after a reset).
 * `visibility` is the TanStack Table visibility of those columns.
 */
export function useColumnPreferences<C extends string>(
  storageKey: string,
  columns: readonly C[],
  defaults: readonly C[] = columns,
) {
  const [visible, setVisible] = useState<C[]>(() => readColumnPreferences(storageKey, columns, defaults));
  const update = useCallback(
    (next: readonly C[]) => {
      const ordered = columns.filter((key) => next.includes(key));
      setVisible(ordered);
      try {
        localStorage.setItem(storageKey, JSON.stringify(ordered));
      } catch {
        // Storage full or disabled: the choice lasts for this page only.
      }
    },
    [columns, storageKey],
  );
  const toggle = useCallback(
    (key: C, on: boolean) => update(on ? [...visible, key] : visible.filter((column) => column !== key)),
    [update, visible],
  );
  const reset = useCallback(() => update(defaults), [defaults, update]);
  const visibility = useMemo(
    () => Object.fromEntries(columns.map((key) => [key, visible.includes(key)])),
    [columns, visible],
  );
  return { columns, visible, visibility, toggle, reset };
}

export type ColumnPreferences<C extends string> = ReturnType<typeof useColumnPreferences<C>>;

/**
 * The ids of the columns a table shows by the person's choice (its fixed columns and the optional ones
 * kept in `storageKey`), in the table's order: what its export holds. Columns hidden only for lack of
 * room still count as shown.
 */
export function shownColumns<C extends string>(
  tableColumns: readonly string[],
  storageKey: string,
  optional: readonly C[],
  defaults: readonly C[] = optional,
): string[] {
  const kept = new Set<string>(readColumnPreferences(storageKey, optional, defaults));
  const hideable = new Set<string>(optional);
  return tableColumns.filter((id) => !hideable.has(id) || kept.has(id));
}
