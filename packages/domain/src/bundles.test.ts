import { describe, expect, it } from 'vitest';
import {
  type AccountDeletionManagement,
  type Application,
  type ApplicationSelection,
  type ApplicationSettings,
  accountDeletionManagement,
  accountDeletionOf,
  applicationSources,
  BundleEmployeesRequest,
  BundleInput,
  type DefaultManagementMode,
  defaultApplicationSettings,
  deriveManagedBy,
  groupSourceOf,
  inAnyMode,
  isInBundle,
  isMobileApplication,
  type ManagedBy,
  type ManagementMode,
  type ManagementType,
  managementModes,
  needsSetupStep,
  type Platform,
  removeApplication,
  type SoftwareSource,
  type SubscriptionOffboardingType,
  selectApplication,
  settingsOf,
  settingsProblem,
  suggestionOf,
  supportsSubscriptions,
  viewOf,
} from './bundles.ts';

const app = (over: Partial<Application> = {}): Application => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Slack',
  platforms: ['macos', 'windows'],
  subscriptionsSupportedByEquip: true,
  subscriptionsSupportedByOwners: false,
  macApplicationId: 'com.tinyspeck.slackmacgap',
  windowsApplicationId: 'SlackTechnologies.Slack',
  iosApplicationId: null,
  macAppStoreId: null,
  ipadApplicationId: null,
  ...over,
});
const settings = (over: Partial<ApplicationSettings> = {}): ApplicationSettings => ({
  management: 'MANAGED_INSTALLS',
  offboardingType: null,
  onboardingShouldCreateAccount: false,
  owners: [],
  ...over,
});

describe('managedBy (SPEC §4)', () => {
  it.each<[boolean, SubscriptionOffboardingType | null, string[], ManagedBy]>([
    [true, 'DELETE_ACCOUNT', [], 'equip'],
    [true, 'CREATE_SUPERVISOR_TICKET', ['u1'], 'equip'],
    [true, null, ['u1'], 'ITOwners'],
    [true, null, [], 'NotSet'],
    [false, 'DELETE_ACCOUNT', ['u1'], 'NotSet'],
    [false, null, ['u1'], 'NotSet'],
    [false, null, [], 'NotSet'],
  ])('creates account %s, offboarding %s, owners %j → %s', (create, offboardingType, owners, expected) => {
    expect(deriveManagedBy({ onboardingShouldCreateAccount: create, offboardingType, owners })).toBe(
      expected,
    );
  });
});

describe('needs a setup step (SPEC §4)', () => {
  it.each<[Platform[], string | null, boolean]>([
    [['macos'], null, true],
    [['macos'], 'com.app', false],
    [['windows', 'ipad'], null, true],
    [['ios'], 'com.app', true],
    [['macos', 'windows'], null, false],
    [['macos_and_windows'], null, false],
    [['windows'], null, false],
    [[], null, false],
  ])('platforms %j, Mac id %s → %s', (platforms, macApplicationId, expected) => {
    expect(needsSetupStep({ platforms, macApplicationId })).toBe(expected);
  });
});

describe('desktop and mobile, subscriptions (SPEC §3)', () => {
  it.each<[Platform[], boolean]>([
    [['ios'], true],
    [['ipad'], true],
    [['macos', 'ios'], true],
    [['macos_and_windows'], false],
    [['windows'], false],
  ])('platforms %j are mobile: %s', (platforms, expected) => {
    expect(isMobileApplication({ platforms })).toBe(expected);
  });

  it.each<[Platform[], boolean, boolean, boolean]>([
    [['ios'], true, true, false],
    [['ios', 'ipad'], true, true, false],
    [['macos', 'ios'], true, false, true],
    [['macos'], false, true, true],
    [['windows'], false, false, false],
  ])('platforms %j, by Equip %s, by owners %s → supported %s', (platforms, byEquip, byOwners, expected) => {
    expect(
      supportsSubscriptions({
        platforms,
        subscriptionsSupportedByEquip: byEquip,
        subscriptionsSupportedByOwners: byOwners,
      }),
    ).toBe(expected);
  });
});

describe('account deletion management decision (SPEC §4)', () => {
  it.each<
    [boolean, boolean, SubscriptionOffboardingType | null, boolean, AccountDeletionManagement | undefined]
  >([
    [false, true, 'DELETE_ACCOUNT', true, undefined],
    [false, false, null, false, undefined],
    [true, true, 'DELETE_ACCOUNT', true, 'managed_by_owners'],
    [true, true, null, false, 'managed_by_owners'],
    [true, false, 'DELETE_ACCOUNT', true, 'managed_by_equip'],
    [true, false, 'DELETE_ACCOUNT_KEEP_LICENSE', true, 'managed_by_equip'],
    [true, false, 'CREATE_SUPERVISOR_TICKET', true, 'unmanaged'],
    [true, false, 'DELETE_ACCOUNT', false, 'unmanaged'],
    [true, false, null, true, 'unmanaged'],
  ])(
    'subscriptions %s, owners %s, offboarding %s, Equip supports %s → %s',
    (subscriptionsSupported, hasOwners, offboardingType, supportedByEquip, expected) => {
      expect(
        accountDeletionManagement({ subscriptionsSupported, hasOwners, offboardingType, supportedByEquip }),
      ).toBe(expected);
    },
  );

  it('reads an application in a bundle: none for an iPhone-only app', () => {
    expect(accountDeletionOf(app(), settings({ offboardingType: 'DELETE_ACCOUNT' }))).toBe(
      'managed_by_equip',
    );
    expect(accountDeletionOf(app({ platforms: ['ios'] }), settings())).toBeUndefined();
  });
});

describe('management modes and the bundle screen filter (SPEC §2)', () => {
  it.each<[ManagementType, Partial<ApplicationSettings>, ManagementMode[]]>([
    ['SELF_SERVICE', {}, ['self_service']],
    ['MANAGED_INSTALLS', {}, ['auto_install']],
    ['MANAGED_UNINSTALLS', {}, ['auto_install']],
    ['MANAGED_UPDATES', {}, ['auto_install']],
    ['NOT_NEEDED', {}, []],
    [
      'MANAGED_INSTALLS',
      { onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT' },
      ['auto_install', 'managed_by_equip'],
    ],
    [
      'SELF_SERVICE',
      { onboardingShouldCreateAccount: true, owners: ['u1'] },
      ['self_service', 'managed_by_owners'],
    ],
    ['NOT_NEEDED', { onboardingShouldCreateAccount: true, owners: ['u1'] }, ['managed_by_owners']],
  ])('%s with %j → %j', (management, over, expected) => {
    expect(managementModes(settings({ management, ...over }))).toEqual(expected);
  });

  it.each<[ManagementMode[], boolean]>([
    [[], true],
    [['auto_install'], true],
    [['self_service'], false],
    [['self_service', 'managed_by_equip'], true],
    [['managed_by_owners'], false],
  ])('an auto-installed Equip-managed app in filter %j: %s', (chosen, expected) => {
    const entry = settings({ onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT' });
    expect(inAnyMode(entry, chosen)).toBe(expected);
  });
});

describe('settings an application takes (decision 028)', () => {
  it.each<[Partial<Application>, DefaultManagementMode, string[], Partial<ApplicationSettings>]>([
    [{}, 'equip', ['it'], { onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT' }],
    [{ subscriptionsSupportedByEquip: false }, 'equip', ['it'], {}],
    [
      { subscriptionsSupportedByOwners: true },
      'ITOwners',
      ['it'],
      { onboardingShouldCreateAccount: true, owners: ['it'] },
    ],
    [{ subscriptionsSupportedByOwners: true }, 'ITOwners', [], {}],
    [{}, 'ITOwners', ['it'], {}],
    [{ platforms: ['ios'] }, 'equip', ['it'], {}],
  ])('%j in mode %s with IT owners %j', (over, mode, itOwners, expected) => {
    expect(defaultApplicationSettings(app(over), mode, itOwners)).toEqual(settings(expected));
  });

  it('keeps what a request gives and fills the rest from the defaults', () => {
    const defaults = settings({ onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT' });
    expect(settingsOf({}, defaults)).toEqual(defaults);
    expect(
      settingsOf({ management: 'SELF_SERVICE', offboardingType: null, owners: ['a', 'a'] }, defaults),
    ).toEqual(settings({ management: 'SELF_SERVICE', onboardingShouldCreateAccount: true, owners: ['a'] }));
  });

  it.each<[Platform[], Partial<ApplicationSettings>, string | null]>([
    [['ios'], {}, null],
    [['ios'], { offboardingType: 'DELETE_ACCOUNT' }, 'offboardingType'],
    [['ios', 'ipad'], { onboardingShouldCreateAccount: true }, 'onboardingShouldCreateAccount'],
    [['macos'], { offboardingType: 'DELETE_ACCOUNT', onboardingShouldCreateAccount: true }, null],
  ])('platforms %j with %j: problem at %s (offboarding type none on iOS)', (platforms, over, field) => {
    expect(settingsProblem(app({ platforms }), settings(over))?.field ?? null).toBe(field);
  });
});

describe('catalog sources', () => {
  it.each<[Partial<Application>, SoftwareSource[]]>([
    [{}, ['FLEET', 'MANAGE_ENGINE']],
    [
      { macApplicationId: null, windowsApplicationId: null, iosApplicationId: '1', ipadApplicationId: '1' },
      ['VPP_IPHONE', 'VPP_IPAD'],
    ],
    [{ macAppStoreId: '2' }, ['FLEET', 'MANAGE_ENGINE', 'VPP_MAC']],
  ])('%j → %j', (over, expected) => {
    expect(applicationSources(app(over))).toEqual(expected);
  });

  it('groups MDM sources as Equip and store sources as VPP', () => {
    expect(groupSourceOf('FLEET')).toBe('equip');
    expect(groupSourceOf('MANAGE_ENGINE')).toBe('equip');
    expect(groupSourceOf('VPP_MAC')).toBe('vpp');
  });
});

describe('choosing applications, the suggested set (SPEC §4)', () => {
  const a = { application: { uuid: 'a' }, management: 'MANAGED_INSTALLS' };
  const b = { application: { uuid: 'b' }, management: 'MANAGED_INSTALLS' };
  const start = (fromSuggestion: boolean): ApplicationSelection<typeof a> => ({
    applications: [a],
    fromSuggestion,
    suggestedSetChanged: false,
  });

  it('is in the bundle by uuid', () => {
    expect(isInBundle([a], 'a')).toBe(true);
    expect(isInBundle([a], 'b')).toBe(false);
  });

  it.each<[boolean, 'add' | 'update' | 'remove' | 'remove missing', number, boolean]>([
    [true, 'add', 2, true],
    [true, 'update', 1, false],
    [true, 'remove', 0, true],
    [true, 'remove missing', 1, false],
    [false, 'add', 2, false],
    [false, 'remove', 0, false],
  ])('from a suggestion %s, %s → %i applications, changed %s', (fromSuggestion, action, count, changed) => {
    const before = start(fromSuggestion);
    const after =
      action === 'add'
        ? selectApplication(before, b)
        : action === 'update'
          ? selectApplication(before, { ...a, management: 'SELF_SERVICE' })
          : removeApplication(before, action === 'remove' ? 'a' : 'b');
    expect(after.applications).toHaveLength(count);
    expect(after.suggestedSetChanged).toBe(changed);
    if (action === 'update') expect(after.applications[0]?.management).toBe('SELF_SERVICE');
  });
});

describe('the API view and requests', () => {
  it('derives managedBy, modes, setup and account deletion', () => {
    const view = viewOf({
      application: app({ platforms: ['macos', 'ios'] }),
      ...settings({ onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT' }),
    });
    expect(view).toMatchObject({
      managedBy: 'equip',
      modes: ['auto_install', 'managed_by_equip'],
      needsSetup: true,
      accountDeletion: 'managed_by_equip',
    });
    expect(viewOf({ application: app({ platforms: ['ios'] }), ...settings() }).accountDeletion).toBeNull();
  });

  it('refuses an empty name and an empty assignment', () => {
    expect(BundleInput.safeParse({ name: '  ' }).success).toBe(false);
    expect(BundleInput.parse({ name: ' Sales ' })).toMatchObject({ name: 'Sales', applications: [] });
    expect(BundleEmployeesRequest.safeParse({ employeeUuids: [] }).success).toBe(false);
  });
});

describe('suggested bundles', () => {
  it.each<[number, number, number, boolean]>([
    [4, 2, 0.5, true],
    [4, 1, 0.25, false],
    [0, 1, 0, false],
    [2, 3, 1, true],
  ])('%i people, %i holders → share %d, suggested %s', (people, holders, share, suggested) => {
    const [entry] = suggestionOf(people, [{ application: app(), holders }]).applications;
    expect(entry).toMatchObject({ share, suggested });
  });

  it('leaves out applications nobody has and puts the most held first', () => {
    const result = suggestionOf(3, [
      { application: app({ name: 'Zoom' }), holders: 1 },
      { application: app({ name: 'Slack' }), holders: 3 },
      { application: app({ name: 'Figma' }), holders: 0 },
    ]);
    expect(result.applications.map((a) => a.application.name)).toEqual(['Slack', 'Zoom']);
  });
});
