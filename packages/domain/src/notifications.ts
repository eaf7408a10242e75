import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

/** Notification severity and toast variant share the four values (SPEC §2, §3). */
export const Severity = z.enum(['positive', 'info', 'negative', 'neutral']);
export type Severity = z.infer<typeof Severity>;
export const Toast = z.object({ variant: Severity, content: z.string() });
export type Toast = z.infer<typeof Toast>;
export const TOAST_DURATION_MS = 5000;
export const TOAST_EXIT_MS = 200;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Notifications of the panel: which event becomes which notification in notification-rules.ts, the
// API's shapes in notification-api.ts, the audit log's in audit-log.ts.

/** Event log types named by the spec, plus the ones each area writes for its changes. */
export const EventType = z.enum([
  'USER_ADDED',
  'USER_UPDATED',
  'USER_DELETED',
  'USER_INVITED',
  'USERS_IMPORTED',
  'DEVICE_ADDED',
  'DEVICE_UPDATED',
  'DEVICE_ASSIGNED',
  'DEVICE_UNASSIGNED',
  'DEVICE_STATUS_CHANGED',
  'DEVICE_ENROLLED',
  'DEVICE_ACTION_SENT',
  'DEVICE_ACTION_COMPLETED',
  'DEVICE_RETURNED',
  'SOFTWARE_PATCHED',
  'SECURITY_ALERT',
  'DEVICE_REGISTRATION_REMINDER_SENT',
  'LOGIN',
  'LOGIN_FAILED',
  'PASSWORD_CHANGED',
  'MFA_ENROLLED',
  'MFA_DISABLED',
  'REFRESH_TOKEN_REUSED',
  'ORGANIZATION_UPDATED',
  'PROVIDER_ADMIN_ADDED',
  'PROVIDER_ADMIN_DISABLED',
  'MDM_CONNECTION_ADDED',
  'MDM_CONNECTION_CHANGED',
  'MDM_CONNECTION_REMOVED',
  'MDM_CONNECTION_FAILED',
  'MDM_CONNECTION_RESTORED',
]);
export type EventType = z.infer<typeof EventType>;
export const EventLogEntry = z.object({
  uuid: Uuid,
  type: EventType,
  actorUuid: Uuid.nullable(),
  subjectUuid: Uuid.nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: IsoDateTime,
});
