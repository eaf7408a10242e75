import type { Role } from '@equip/domain/identity';
import { msg } from '@lingui/core/macro';
import { translated } from '@/lib/i18n/translated';

/**
 * What each role is called: the user menu, the account page, an employee's record and the audit log
 * all show it, so it is the app's, not one area's.
 */
export const ROLE_LABELS = translated<Role>({
  regular: msg`Employee`,
  'it-owner': msg`IT owner`,
  'equip-admin': msg`Equip admin`,
});
