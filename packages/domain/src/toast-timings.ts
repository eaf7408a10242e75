/**
 * How long toasts stay and tooltips wait (SPEC §2), kept free of zod: every page's frame shows toasts
 * and tooltips, and `notifications.ts` (which re-exports these) builds schemas (bench/lighthouse.mjs).
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_EXIT_MS = 200;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
