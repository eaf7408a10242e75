import { useCallback, useMemo, useState } from 'react';

/**
 * Which of a table's columns are hidden because the table would not fit its frame (issue 25): the name
 * column and the row actions always show; the others go lowest priority first (`meta.priority`, else
 * the later a column, the lower) and come back when there is room. A column the person asks for from
 * the column picker goes to the top, so another one makes room for it.
 *
 * `DataTable` measures and keeps this up to date; pass the same `useColumnFit()` to `ColumnMenu` to
 * offer the hidden columns there (without one, the table offers them itself).
 */
export function useColumnFit() {
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const [preferred, setPreferred] = useState<readonly string[]>([]);
  /** Shows a column hidden for lack of room: it now outranks every other column that can hide. */
  const show = useCallback((id: string) => {
    setPreferred((before) => [...before.filter((other) => other !== id), id]);
    setHidden((before) => before.filter((other) => other !== id));
  }, []);
  return useMemo(() => ({ hidden, preferred, setHidden, show }), [hidden, preferred, show]);
}

export type ColumnFit = ReturnType<typeof useColumnFit>;

export interface FitCandidate {
  id: string;
  /** Higher stays longer. */
  priority: number;
}

/** The columns that may hide, first to hide first: lowest priority, then the later one; preferred last. */
export function hidingOrder(candidates: readonly FitCandidate[], preferred: readonly string[]): string[] {
  const rank = (candidate: FitCandidate, index: number) => {
    const chosen = preferred.indexOf(candidate.id);
    return { id: candidate.id, key: chosen >= 0 ? 1e6 + chosen : candidate.priority, index };
  };
  return candidates
    .map(rank)
    .sort((a, b) => a.key - b.key || b.index - a.index)
    .map((entry) => entry.id);
}

/**
 * The room a column never measured (hidden before it ever showed, as on a phone, where the table starts
 * with its fixed columns only) needs to be tried: shown, it is measured, and hidden again for good if
 * that room was not enough, so the steps still never swing.
 */
export const UNMEASURED_COLUMN_WIDTH = 160;

export interface FitMeasure {
  /** First to hide first (`hidingOrder`). */
  order: readonly string[];
  hidden: readonly string[];
  /** How many pixels the table is wider than its frame (0 or less: it fits). */
  overflow: number;
  /** How many pixels are free beside the table at its natural width (when it fits). */
  room: number;
  /** The width each hidden column had when it was last shown. */
  widths: Readonly<Record<string, number>>;
}

/**
 * One step towards a table that fits: while it overflows, hide the next columns until their measured
 * widths cover the overflow (one column when its width is not known yet); show the most important
 * hidden one again when the room it took is free. Called after each layout until it answers the same
 * list. Hiding by width takes one or two layouts where one column at a time took one per column (a
 * phone-sized screen rendered the employees table eight times over, seconds of main-thread work); a
 * column comes back only into the room it needed (or UNMEASURED_COLUMN_WIDTH), so the steps never swing.
 */
export function nextHidden({ order, hidden, overflow, room, widths }: FitMeasure): readonly string[] {
  const stillHidden = hidden.filter((id) => order.includes(id));
  if (overflow > 0) {
    const next = [...stillHidden];
    let freed = 0;
    for (const id of order) {
      if (freed >= overflow) break;
      if (next.includes(id)) continue;
      next.push(id);
      const width = widths[id];
      if (width === undefined) break;
      freed += width;
    }
    return next;
  }
  const back = [...order].reverse().find((id) => stillHidden.includes(id));
  const width = back === undefined ? undefined : (widths[back] ?? UNMEASURED_COLUMN_WIDTH);
  if (back !== undefined && width !== undefined && width <= room) {
    return stillHidden.filter((id) => id !== back);
  }
  return stillHidden;
}
