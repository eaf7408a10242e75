/** Selection state of a list (SPEC §4): None if nothing is selected or the list is empty; All if every listed item is selected; otherwise Partial. */
export type SelectionState = 'None' | 'Partial' | 'All';

export function selectionState(
  listedIds: readonly string[],
  selectedIds: ReadonlySet<string> | readonly string[],
): SelectionState {
  const selected = selectedIds instanceof Set ? selectedIds : new Set(selectedIds as readonly string[]);
  if (listedIds.length === 0) return 'None';
  let count = 0;
  for (const id of listedIds) if (selected.has(id)) count++;
  if (count === 0) return 'None';
  return count === listedIds.length ? 'All' : 'Partial';
}

/** Row selection toggles an id in the selected list (SPEC §4). */
export function toggleId(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}
