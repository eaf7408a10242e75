import { z } from 'zod';
import { IsoDateTime, pageOf, queryArray, searchableListQuery, Uuid } from './common.ts';

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
export type ApplicationsGroupSource = z.infer<typeof ApplicationsGroupSource>;
export const SoftwareSource = z.enum(['FLEET', 'VPP_IPHONE', 'VPP_IPAD', 'VPP_MAC', 'MANAGE_ENGINE']);
export type SoftwareSource = z.infer<typeof SoftwareSource>;
export const BundleTab = z.enum(['applications', 'employees']);
export type BundleTab = z.infer<typeof BundleTab>;
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

/**
 * An application's settings in a bundle as a request gives them: the management type, and the account
 * settings (any left out are the organisation's default management mode's, `defaultApplicationSettings`).
 */
export const BundleApplicationInput = z.object({
  applicationUuid: Uuid,
  management: ManagementType.optional(),
  offboardingType: SubscriptionOffboardingType.nullable().optional(),
  onboardingShouldCreateAccount: z.boolean().optional(),
  owners: z.array(Uuid).max(50).optional(),
});
export type BundleApplicationInput = z.infer<typeof BundleApplicationInput>;
/** One application's settings (`PUT /bundle-api/bundles/:uuid/applications/:applicationUuid`). */
export const BundleApplicationSettingsInput = BundleApplicationInput.omit({ applicationUuid: true });
export type BundleApplicationSettingsInput = z.infer<typeof BundleApplicationSettingsInput>;

const BundleName = z.string().trim().min(1).max(100);
const BundleDescription = z.string().trim().max(1000).nullable();
const BundleApplicationInputs = z.array(BundleApplicationInput).max(500);
const EmployeeUuids = z.array(Uuid).max(5000);

/** `POST /bundle-api/bundles`: a bundle with its applications and people (all or nothing). */
export const BundleInput = z.object({
  name: BundleName,
  description: BundleDescription.optional(),
  applications: BundleApplicationInputs.default([]),
  employeeUuids: EmployeeUuids.default([]),
});
export type BundleInput = z.infer<typeof BundleInput>;
export const CreateBundleRequest = BundleInput;
export type CreateBundleRequest = BundleInput;
/** `PATCH /bundle-api/bundles/:uuid`: its name and description. */
export const UpdateBundleRequest = z.object({
  name: BundleName.optional(),
  description: BundleDescription.optional(),
});
export type UpdateBundleRequest = z.infer<typeof UpdateBundleRequest>;
/** `PUT /bundle-api/bundles/:uuid/applications`: the bundle's whole set of applications (edit-software). */
export const SetBundleApplicationsRequest = z.object({ applications: BundleApplicationInputs });
export type SetBundleApplicationsRequest = z.infer<typeof SetBundleApplicationsRequest>;
/** `POST /bundle-api/bundles/:uuid/employees` and `…/employees/unassign`. */
export const BundleEmployeesRequest = z.object({ employeeUuids: EmployeeUuids.min(1) });
export type BundleEmployeesRequest = z.infer<typeof BundleEmployeesRequest>;
export const BundleEmployeesResult = z.object({
  /** People who joined the bundle (moved ones included) or left it. */
  changed: z.number().int().min(0),
  /** People who left another bundle for this one (decision 028). */
  moved: z.number().int().min(0),
});
export type BundleEmployeesResult = z.infer<typeof BundleEmployeesResult>;

/** The organisation's default management mode of applications (SPEC §1/§6, decision 028). */
export const DefaultManagementMode = z.enum(['equip', 'ITOwners']);
export type DefaultManagementMode = z.infer<typeof DefaultManagementMode>;
export const BundleSettings = z.object({ defaultManagementMode: DefaultManagementMode });
export type BundleSettings = z.infer<typeof BundleSettings>;

/** Sort keys of the application catalog (`GET /bundle-api/applications`). */
export const ApplicationSortingKey = z.enum(['name']);
export type ApplicationSortingKey = z.infer<typeof ApplicationSortingKey>;
/** `GET /bundle-api/applications`: text search (name and ids), platforms, sources, sorting, paging. */
export const ApplicationListQuery = searchableListQuery({
  sortingKeys: ApplicationSortingKey,
  maxTake: 500,
  defaultTake: 100,
}).extend({
  platforms: queryArray(Platform),
  sources: queryArray(SoftwareSource),
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuery>;
export const ApplicationPage = pageOf(Application);
export type ApplicationPage = z.infer<typeof ApplicationPage>;

/** A bundle as its list shows it, with its counts. */
export const BundleSummary = z.object({
  uuid: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  applicationCount: z.number().int().min(0),
  desktopApplicationCount: z.number().int().min(0),
  mobileApplicationCount: z.number().int().min(0),
  employeeCount: z.number().int().min(0),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type BundleSummary = z.infer<typeof BundleSummary>;
export const BundleSortingKey = z.enum(['name', 'applicationCount', 'employeeCount', 'updatedAt']);
export type BundleSortingKey = z.infer<typeof BundleSortingKey>;
/** `GET /bundle-api/bundles`: text search (name, description), sorting, paging. */
export const BundleListQuery = searchableListQuery({ sortingKeys: BundleSortingKey, maxTake: 500 });
export type BundleListQuery = z.infer<typeof BundleListQuery>;
export const BundlePage = pageOf(BundleSummary);
export type BundlePage = z.infer<typeof BundlePage>;

/** A person in a bundle (`GET /bundle-api/bundles/:uuid/employees`). */
export const BundleEmployee = z.object({
  uuid: Uuid,
  firstName: z.string(),
  lastName: z.string(),
  assignedAt: IsoDateTime,
});
export type BundleEmployee = z.infer<typeof BundleEmployee>;
export const BundleEmployeeSortingKey = z.enum(['name', 'assignedAt']);
export type BundleEmployeeSortingKey = z.infer<typeof BundleEmployeeSortingKey>;
export const BundleEmployeeListQuery = searchableListQuery({
  sortingKeys: BundleEmployeeSortingKey,
  maxTake: 500,
});
export type BundleEmployeeListQuery = z.infer<typeof BundleEmployeeListQuery>;
export const BundleEmployeePage = pageOf(BundleEmployee);
export type BundleEmployeePage = z.infer<typeof BundleEmployeePage>;

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

/**
 * Subscriptions are not supported on iOS (SPEC §3): an application only on iPhones or iPads (no macOS or
 * Windows platform) supports none, whoever would manage them.
 */
export function supportsSubscriptions(
  app: Pick<Application, 'platforms' | 'subscriptionsSupportedByEquip' | 'subscriptionsSupportedByOwners'>,
): boolean {
  if (app.platforms.every((p) => p === 'ios' || p === 'ipad')) return false;
  return app.subscriptionsSupportedByEquip || app.subscriptionsSupportedByOwners;
}

export const AccountDeletionManagement = z.enum(['managed_by_owners', 'managed_by_equip', 'unmanaged']);
export type AccountDeletionManagement = z.infer<typeof AccountDeletionManagement>;

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

/** The settings of an application in a bundle, as the rules below read them. */
export type ApplicationSettings = Pick<
  BundleApplication,
  'management' | 'offboardingType' | 'onboardingShouldCreateAccount' | 'owners'
>;

/**
 * The management modes an application in a bundle is in (the bundle screen's filters, SPEC §2):
 * installed by the MDM without asking (`auto_install`: managed installs, uninstalls or updates) or offered
 * (`self_service`), and whose accounts are managed by Equip or by the app's owners (`deriveManagedBy`).
 */
export function managementModes(settings: ApplicationSettings): ManagementMode[] {
  const modes: ManagementMode[] = [];
  if (settings.management === 'SELF_SERVICE') modes.push('self_service');
  else if (settings.management !== 'NOT_NEEDED') modes.push('auto_install');
  const managedBy = deriveManagedBy(settings);
  if (managedBy === 'equip') modes.push('managed_by_equip');
  if (managedBy === 'ITOwners') modes.push('managed_by_owners');
  return modes;
}

/** The bundle screen's filter: no mode chosen shows every application, else those in any chosen mode. */
export function inAnyMode(settings: ApplicationSettings, chosen: readonly ManagementMode[]): boolean {
  if (chosen.length === 0) return true;
  const modes = managementModes(settings);
  return chosen.some((mode) => modes.includes(mode));
}

/** Who deletes a leaver's account of this application in this bundle (SPEC §4), undefined without subscriptions. */
export function accountDeletionOf(
  app: Pick<Application, 'platforms' | 'subscriptionsSupportedByEquip' | 'subscriptionsSupportedByOwners'>,
  settings: Pick<ApplicationSettings, 'offboardingType' | 'owners'>,
): AccountDeletionManagement | undefined {
  return accountDeletionManagement({
    subscriptionsSupported: supportsSubscriptions(app),
    hasOwners: settings.owners.length > 0,
    offboardingType: settings.offboardingType,
    supportedByEquip: app.subscriptionsSupportedByEquip,
  });
}

/**
 * The settings an application added to a bundle takes from the organisation's default management mode
 * (decision 028), for the fields a request leaves out: installed automatically; with `equip`, an account
 * Equip creates and deletes where Equip supports the service's subscriptions; with `ITOwners`, the
 * organisation's IT owners own accounts where owners can manage them; otherwise no account.
 */
export function defaultApplicationSettings(
  app: Pick<Application, 'platforms' | 'subscriptionsSupportedByEquip' | 'subscriptionsSupportedByOwners'>,
  mode: DefaultManagementMode,
  itOwnerUuids: readonly string[],
): ApplicationSettings {
  const base: ApplicationSettings = {
    management: 'MANAGED_INSTALLS',
    offboardingType: null,
    onboardingShouldCreateAccount: false,
    owners: [],
  };
  if (!supportsSubscriptions(app)) return base;
  if (mode === 'equip' && app.subscriptionsSupportedByEquip)
    return { ...base, onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT' };
  if (mode === 'ITOwners' && app.subscriptionsSupportedByOwners && itOwnerUuids.length > 0)
    return { ...base, onboardingShouldCreateAccount: true, owners: [...itOwnerUuids] };
  return base;
}

/** A request's settings completed with the defaults where it leaves a field out. */
export function settingsOf(
  input: BundleApplicationSettingsInput,
  defaults: ApplicationSettings,
): ApplicationSettings {
  return {
    management: input.management ?? defaults.management,
    offboardingType: input.offboardingType === undefined ? defaults.offboardingType : input.offboardingType,
    onboardingShouldCreateAccount:
      input.onboardingShouldCreateAccount ?? defaults.onboardingShouldCreateAccount,
    owners: input.owners ? [...new Set(input.owners)] : defaults.owners,
  };
}

/**
 * What is wrong with settings for this application, or null: an application without subscriptions
 * (iOS, SPEC §3) has no offboarding type and creates no account.
 */
export function settingsProblem(
  app: Pick<Application, 'platforms' | 'subscriptionsSupportedByEquip' | 'subscriptionsSupportedByOwners'>,
  settings: ApplicationSettings,
): { field: 'offboardingType' | 'onboardingShouldCreateAccount'; message: string } | null {
  if (supportsSubscriptions(app)) return null;
  if (settings.offboardingType !== null)
    return { field: 'offboardingType', message: 'This application has no subscriptions to offboard' };
  if (settings.onboardingShouldCreateAccount)
    return { field: 'onboardingShouldCreateAccount', message: 'This application has no accounts to create' };
  return null;
}

/**
 * Where the catalog's applications come from (decision 028): desktop ids are installed through the
 * organisation's MDM (Fleet or ManageEngine), store ids through Apple's volume purchasing.
 */
export function applicationSources(
  app: Pick<
    Application,
    'macApplicationId' | 'windowsApplicationId' | 'iosApplicationId' | 'ipadApplicationId' | 'macAppStoreId'
  >,
): SoftwareSource[] {
  const sources: SoftwareSource[] = [];
  if (app.macApplicationId || app.windowsApplicationId) sources.push('FLEET', 'MANAGE_ENGINE');
  if (app.iosApplicationId) sources.push('VPP_IPHONE');
  if (app.ipadApplicationId) sources.push('VPP_IPAD');
  if (app.macAppStoreId) sources.push('VPP_MAC');
  return sources;
}

/** The group a source's applications are shown under: Equip's own (MDM) or Apple's volume purchasing. */
export function groupSourceOf(source: SoftwareSource): ApplicationsGroupSource {
  return source === 'FLEET' || source === 'MANAGE_ENGINE' ? 'equip' : 'vpp';
}

/** An application in a bundle as the API answers it: its settings and what the rules derive from them. */
export const BundleApplicationView = BundleApplication.extend({
  managedBy: ManagedBy,
  modes: z.array(ManagementMode),
  needsSetup: z.boolean(),
  accountDeletion: AccountDeletionManagement.nullable(),
});
export type BundleApplicationView = z.infer<typeof BundleApplicationView>;

/** `GET /bundle-api/bundles/:uuid`: the bundle (SPEC §3) with its applications' derived fields. */
export const BundleDetail = Bundle.extend({ applications: z.array(BundleApplicationView) });
export type BundleDetail = z.infer<typeof BundleDetail>;

/** An application in a bundle with the rules applied (the API's answer and the screen's filters). */
export function viewOf(entry: BundleApplication): BundleApplicationView {
  return {
    ...entry,
    managedBy: deriveManagedBy(entry),
    modes: managementModes(entry),
    needsSetup: needsSetupStep(entry.application),
    accountDeletion: accountDeletionOf(entry.application, entry) ?? null,
  };
}

/** The applications being chosen for a bundle (wizard, edit-software), and whether a suggestion was changed. */
export interface ApplicationSelection<T extends { application: { uuid: string } }> {
  applications: T[];
  /** The set started from a suggested bundle (`it-2871-suggested-bundles`). */
  fromSuggestion: boolean;
  /** An application was added to or removed from the suggested set (SPEC §4). */
  suggestedSetChanged: boolean;
}

/** An application is in the bundle if its uuid is among the bundle's applications (SPEC §4). */
export function isInBundle(
  applications: readonly { application: { uuid: string } }[],
  uuid: string,
): boolean {
  return applications.some((entry) => entry.application.uuid === uuid);
}

/**
 * Selecting an application (SPEC §4): one already in the bundle is updated in place, not added twice;
 * adding one to a suggested set marks it changed (an update does not).
 */
export function selectApplication<T extends { application: { uuid: string } }>(
  selection: ApplicationSelection<T>,
  entry: T,
): ApplicationSelection<T> {
  if (isInBundle(selection.applications, entry.application.uuid))
    return {
      ...selection,
      applications: selection.applications.map((e) =>
        e.application.uuid === entry.application.uuid ? entry : e,
      ),
    };
  return {
    ...selection,
    applications: [...selection.applications, entry],
    suggestedSetChanged: selection.suggestedSetChanged || selection.fromSuggestion,
  };
}

/** Removing an application (SPEC §4): removing one from a suggested set marks it changed. */
export function removeApplication<T extends { application: { uuid: string } }>(
  selection: ApplicationSelection<T>,
  uuid: string,
): ApplicationSelection<T> {
  if (!isInBundle(selection.applications, uuid)) return selection;
  return {
    ...selection,
    applications: selection.applications.filter((e) => e.application.uuid !== uuid),
    suggestedSetChanged: selection.suggestedSetChanged || selection.fromSuggestion,
  };
}

/** The flag suggested bundles are behind (SPEC §9). */
export const SUGGESTED_BUNDLES_FLAG = 'it-2871-suggested-bundles';

/**
 * `GET /bundle-api/suggestions`: a suggestion for the whole organisation, one department, or a set of
 * people (SPEC §3's suggestion kinds), from what their devices have installed.
 */
export const BundleSuggestionQuery = z.object({
  kind: z.enum(['organization', 'department', 'employees']),
  department: z.string().trim().min(1).max(200).optional(),
  userUuids: queryArray(Uuid),
});
export type BundleSuggestionQuery = z.infer<typeof BundleSuggestionQuery>;

/** Applications at least this share of the people have installed are suggested. */
export const SUGGESTION_SHARE = 0.5;

export const SuggestedApplication = z.object({
  application: Application,
  /** People in the scope with it installed on one of their devices. */
  holders: z.number().int().min(0),
  /** holders / people, 0 to 1. */
  share: z.number().min(0).max(1),
  /** At least SUGGESTION_SHARE of the people have it. */
  suggested: z.boolean(),
});
export type SuggestedApplication = z.infer<typeof SuggestedApplication>;

export const BundleSuggestionResult = z.object({
  /** People in the scope (not removed). */
  people: z.number().int().min(0),
  /** Catalog applications installed by anyone in the scope, most widely held first. */
  applications: z.array(SuggestedApplication),
});
export type BundleSuggestionResult = z.infer<typeof BundleSuggestionResult>;

/** A suggestion from installed applications: each one's share of the people, suggested from SUGGESTION_SHARE on. */
export function suggestionOf(
  people: number,
  installed: readonly { application: Application; holders: number }[],
): BundleSuggestionResult {
  const applications = installed
    .filter((entry) => entry.holders > 0)
    .map((entry) => {
      const share = people === 0 ? 0 : Math.min(1, entry.holders / people);
      return { ...entry, share, suggested: share >= SUGGESTION_SHARE };
    })
    .sort((a, b) => b.holders - a.holders || a.application.name.localeCompare(b.application.name, 'en'));
  return { people, applications };
}
