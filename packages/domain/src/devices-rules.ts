/**
 * The devices list's constants as plain lists, kept free of zod (as `employees-rules.ts`): the list's
 * prefetch reads them while the page's code loads, and importing `devices.ts` would build its schemas
 * first (bench/lighthouse.mjs). `devices.ts` builds its enums on them.
 */

export const DEVICE_TYPES = ['PHONE', 'COMPUTER', 'TABLET'] as const;
export const ASSIGNMENT_TYPES = ['ASSIGNED', 'UNASSIGNED', 'SHARED'] as const;
/** Device status (SPEC §4). */
export const DEVICE_STATUSES = [
  'active',
  'awaiting-registration',
  'in-stock',
  'ordered',
  'inactive',
  'new',
] as const;
/** What the device's MDM last reported of a lock or wipe. */
export const DEVICE_MDM_STATUSES = ['locked', 'unlocked', 'wiped'] as const;
/** Sort keys of the devices table (`GET /api/devices?sortingKey=`). */
export const DEVICE_SORTING_KEYS = [
  'name',
  'type',
  'os',
  'status',
  'assignedTo',
  'location',
  'security',
  'enrollmentState',
  'lastSeenAt',
] as const;
