import { z } from 'zod';

/** Notification severity and toast variant share the four values (SPEC §2, §3). */
export const Severity = z.enum(['positive', 'info', 'negative', 'neutral']);
export type Severity = z.infer<typeof Severity>;
export const Toast = z.object({ variant: Severity, content: z.string() });
export type Toast = z.infer<typeof Toast>;
export {
  TOAST_DURATION_MS,
  TOAST_EXIT_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOOLTIP_OPEN_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from './toast-timings.ts';

// Notifications of the panel: which event becomes which notification in notification-rules.ts, the
// API's shapes in notification-api.ts. The events themselves (EventType) belong to the audit log
// (audit-log.ts).
