import type { Toast } from '@equip/domain/notifications';
import { TOAST_EXIT_MS } from '@equip/domain/toast-timings';
import { track } from '@/lib/analytics';

export interface ToastItem extends Toast {
  id: number;
  /** False while the exit animation runs, before the toast is removed. */
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return items;
}

/** Shows a toast (SPEC §2); a negative one is also logged to analytics. Returns its id. */
export function toast(input: Toast): number {
  const id = nextId++;
  emit([...items, { ...input, id, open: true }]);
  if (input.variant === 'negative') track('Toast Shown', { variant: input.variant, content: input.content });
  return id;
}

/** Closes a toast; it is removed once its exit animation (TOAST_EXIT_MS) has run. */
export function dismissToast(id: number): void {
  if (!items.some((item) => item.id === id && item.open)) return;
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_EXIT_MS);
}

/** Removes every toast at once (tests, logout). */
export function clearToasts(): void {
  emit([]);
}
