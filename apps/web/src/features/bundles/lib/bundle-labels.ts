import type { PersonApplicationStatus } from '@equip/domain/bundle-installs';
import type {
  ManagedBy,
  ManagementMode,
  ManagementType,
  Platform,
  SubscriptionOffboardingType,
} from '@equip/domain/bundles';
import { msg } from '@lingui/core/macro';
import { translated } from '@/lib/i18n/translated';

/** The words of the bundles' enums, the same on every screen. */
export const MANAGEMENT_MODE_LABELS = translated<ManagementMode>({
  auto_install: msg`Auto install`,
  self_service: msg`Self service`,
  managed_by_owners: msg`Managed by owners`,
  managed_by_equip: msg`Managed by Equip`,
});

export const MANAGEMENT_TYPE_LABELS = translated<ManagementType>({
  MANAGED_INSTALLS: msg`Installed automatically`,
  MANAGED_UNINSTALLS: msg`Installed and removed automatically`,
  MANAGED_UPDATES: msg`Installed and kept up to date`,
  SELF_SERVICE: msg`Self service`,
  NOT_NEEDED: msg`No installation`,
});

export const MANAGED_BY_LABELS = translated<ManagedBy>({
  equip: msg`Accounts by Equip`,
  ITOwners: msg`Accounts by owners`,
  NotSet: msg`No accounts`,
});

/** What happens to a leaver's account of an application (SPEC §3 subscription offboarding types). */
export const OFFBOARDING_TYPE_LABELS = translated<SubscriptionOffboardingType>({
  DELETE_ACCOUNT: msg`Delete the account`,
  DELETE_ACCOUNT_KEEP_LICENSE: msg`Delete the account, keep the licence`,
  CREATE_SUPERVISOR_TICKET: msg`Ask the person's supervisor`,
});

export const PLATFORM_LABELS = translated<Platform>({
  macos: msg`macOS`,
  windows: msg`Windows`,
  ios: msg`iOS`,
  ipad: msg`iPad`,
  macos_and_windows: msg`macOS and Windows`,
});

/** Where a person's application stands on their devices (issue 29, item 5). */
export const PERSON_APPLICATION_STATUS_LABELS = translated<PersonApplicationStatus>({
  pending: msg`Pending`,
  installed: msg`Installed`,
  failed: msg`Failed`,
  offered: msg`Offered in self service`,
  skipped: msg`Skipped`,
  not_requested: msg`Not requested`,
});
