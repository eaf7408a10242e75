import type { MessageDescriptor } from '@lingui/core';
import { i18n } from './i18n';

/**
 * The words of an enum's values as a record that reads them from the message catalog when a value is
 * looked up (`ROLE_LABELS[role]` is the label in the current language), so read it while rendering, not
 * once at module level. Each area keeps the records of its own enums (`features/devices/lib/device-labels.ts`);
 * words several areas show live where they are named for what they are (`lib/role-labels.ts`).
 */
export function translated<K extends string>(
  descriptors: Record<K, MessageDescriptor>,
): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const key of Object.keys(descriptors) as K[]) {
    Object.defineProperty(record, key, { enumerable: true, get: () => i18n._(descriptors[key]) });
  }
  return record;
}
