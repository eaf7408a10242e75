import type { EmployeeStatus, UserSource, UserType } from '@equip/domain/identity';
import { msg } from '@lingui/core/macro';
import { translated } from '@/lib/i18n/translated';

/**
 * The words of an employee's enums, the same on every screen (other areas read them through
 * `features/employees/public.ts`).
 */
export const EMPLOYEE_STATUS_LABELS = translated<EmployeeStatus>({
  ACTIVE: msg`Active`,
  ONBOARDING: msg`Onboarding`,
  OFFBOARDING: msg`Offboarding`,
  LEAVE: msg`On leave`,
  INACTIVE: msg`Inactive`,
});

export const USER_TYPE_LABELS = translated<UserType>({
  regularUser: msg`Regular user`,
  lightUser: msg`Light user`,
  unmanagedUser: msg`Unmanaged user`,
});

export const USER_SOURCE_LABELS = translated<UserSource>({
  hris: msg`HR system`,
  equip: msg`Equip`,
});
