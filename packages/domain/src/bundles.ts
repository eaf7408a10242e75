import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

export const Platform = z.enum(['macos', 'windows', 'ios', 'ipad', 'macos_and_windows']);
export type Platform = z.infer<typeof Platform>;
export const PLATFORM_LABELS: Record<Platform, string> = {
  macos: 'macOS',
  windows: 'Windows',
  ios: 'iOS',
  ipad: 'iPad',
  macos_and_windows: 'macOS and Windows',
};
export const ManagementType = z.enum([
  'MANAGED_INSTALLS',
  'MANAGED_UNINSTALLS',
  'MANAGED_UPDATES',
  'SELF_SERVICE',
  'NOT_NEEDED',
]);
export type ManagementType = z.infer<typeof ManagementType>;
export const ManagementMode = z.enum([
  'self_service',
  'auto_install',
  'managed_by_owners',
  'managed_by_equip',
]);
export type ManagementMode = z.infer<typeof ManagementMode>;
export const SubscriptionOffboardingType = z.enum([
  'DELETE_ACCOUNT',
  'DELETE_ACCOUNT_KEEP_LICENSE',
  'CREATE_SUPERVISOR_TICKET',
]);
export type SubscriptionOffboardingType = z.infer<typeof SubscriptionOffboardingType>;
export const ManagedBy = z.enum(['equip', 'ITOwners', 'NotSet']);
export type ManagedBy = z.infer<typeof ManagedBy>;
export const ApplicationsGroupSource = z.enum(['equip', 'vpp']);
export const SoftwareSource = z.enum(['FLEET', 'VPP_IPHONE', 'VPP_IPAD', 'VPP_MAC', 'MANAGE_ENGINE']);
export const BundleTab = z.enum(['applications', 'employees']);
export const BundleMode = z.enum(['view', 'create', 'edit']);
export const BundleWizardStep = z.enum(['set-name', 'add-software', 'assign-employees', 'summary']);
export const BundleEditView = z.enum(['edit-software', 'edit-assigned-employees']);

export const Application = z.object({
  uuid: Uuid,
  name: z.string(),
  platforms: z.array(Platform),
  subscriptionsSupportedByEquip: z.boolean(),
  subscriptionsSupportedByOwners: z.boolean(),
  macApplicationId: z.string().nullable(),
  windowsApplicationId: z.string().nullable(),
  iosApplicationId: z.string().nullable(),
  macAppStoreId: z.string().nullable(),
  ipadApplicationId: z.string().nullable(),
});
export type Application = z.infer<typeof Application>;

export const BundleApplication = z.object({
  application: Application,
  management: ManagementType,
  offboardingType: SubscriptionOffboardingType.nullable(),
  onboardingShouldCreateAccount: z.boolean(),
  owners: z.array(Uuid),
});
export type BundleApplication = z.infer<typeof BundleApplication>;

export const Bundle = z.object({
  uuid: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  applications: z.array(BundleApplication),
  employees: z.array(z.object({ accountUuid: Uuid })),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  organizationUuid: Uuid,
  employeeUuids: z.array(Uuid),
});
export type Bundle = z.infer<typeof Bundle>;

export const BundleSuggestion = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('organization') }),
  z.object({ kind: z.literal('department'), department: z.string() }),
  z.object({ kind: z.literal('employees'), userUuids: z.array(Uuid) }),
]);

export const BundleInput = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).nullable().optional(),
  applications: z
    .array(
      z.object({
        applicationUuid: Uuid,
        management: ManagementType,
        offboardingType: SubscriptionOffboardingType.nullable(),
        onboardingShouldCreateAccount: z.boolean(),
        owners: z.array(Uuid),
      }),
    )
    .default([]),
  employeeUuids: z.array(Uuid).default([]),
});

/** The application being edited in app settings (SPEC §3 appSettings). */
export type EditedApplication = {
  application: Pick<Application, 'uuid' | 'platforms' | 'macApplicationId'>;
  management: ManagementType;
  offboardingType: SubscriptionOffboardingType | null;
  owners: string[];
  onboardingShouldCreateAccount: boolean;
};

/**
 * managedBy, derived when an application is opened for editing (SPEC §4): if the onboarding creates an
 * account, a set offboarding type means the provider (equip) manages it, else owners mean IT owners do.
 */
export function deriveManagedBy(
  app: Pick<EditedApplication, 'onboardingShouldCreateAccount' | 'offboardingType' | 'owners'>,
): ManagedBy {
  if (app.onboardingShouldCreateAccount) {
    if (app.offboardingType !== null) return 'equip';
    if (app.owners.length > 0) return 'ITOwners';
  }
  return 'NotSet';
}

/** An application needs a setup step for macOS-only apps without a Mac id, or any iOS/iPad platform (SPEC §4). */
export function needsSetupStep(app: Pick<Application, 'platforms' | 'macApplicationId'>): boolean {
  const macOnly = app.platforms.length > 0 && app.platforms.every((p) => p === 'macos');
  if (macOnly && !app.macApplicationId) return true;
  return app.platforms.some((p) => p === 'ios' || p === 'ipad');
}

/** Mobile apps are those on iOS or iPad; the bundle screen splits desktop and mobile apps. */
export function isMobileApplication(app: Pick<Application, 'platforms'>): boolean {
  return app.platforms.some((p) => p === 'ios' || p === 'ipad');
}

/** Subscriptions are not supported on iOS. */
export function supportsSubscriptions(
  app: Pick<Application, 'platforms' | 'subscriptionsSupportedByEquip' | 'subscriptionsSupportedByOwners'>,
): boolean {
  if (app.platforms.every((p) => p === 'ios')) return false;
  return app.subscriptionsSupportedByEquip || app.subscriptionsSupportedByOwners;
}

export type AccountDeletionManagement = 'managed_by_owners' | 'managed_by_equip' | 'unmanaged';

/**
 * Account deletion management decision (SPEC §4): undefined when subscriptions are unsupported;
 * owners first; then equip for delete-account kinds it supports; otherwise unmanaged.
 */
export function accountDeletionManagement(input: {
  subscriptionsSupported: boolean;
  hasOwners: boolean;
  offboardingType: SubscriptionOffboardingType | null;
  supportedByEquip: boolean;
}): AccountDeletionManagement | undefined {
  if (!input.subscriptionsSupported) return undefined;
  if (input.hasOwners) return 'managed_by_owners';
  const deletes =
    input.offboardingType === 'DELETE_ACCOUNT' || input.offboardingType === 'DELETE_ACCOUNT_KEEP_LICENSE';
  if (deletes && input.supportedByEquip) return 'managed_by_equip';
  return 'unmanaged';
}
