import type { MfaMethod } from '@equip/domain/identity';
import { msg } from '@lingui/core/macro';
import { translated } from '@/lib/i18n/translated';

/** What each way of giving a second factor is called on the account page. */
export const MFA_METHOD_LABELS = translated<MfaMethod>({
  authenticator: msg`Authenticator app`,
  'email-code': msg`Codes by email`,
  'sms-code': msg`Codes by text message`,
});
