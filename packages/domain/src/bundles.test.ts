import { describe, expect, it } from 'vitest';
import {
  accountDeletionManagement,
  deriveManagedBy,
  isMobileApplication,
  needsSetupStep,
  supportsSubscriptions,
} from './bundles.ts';

describe('application rules (SPEC §4)', () => {
  it('derives managedBy from the edited application', () => {
    expect(
      deriveManagedBy({ onboardingShouldCreateAccount: true, offboardingType: 'DELETE_ACCOUNT', owners: [] }),
    ).toBe('equip');
    expect(
      deriveManagedBy({ onboardingShouldCreateAccount: true, offboardingType: null, owners: ['u1'] }),
    ).toBe('ITOwners');
    expect(deriveManagedBy({ onboardingShouldCreateAccount: true, offboardingType: null, owners: [] })).toBe(
      'NotSet',
    );
    expect(
      deriveManagedBy({
        onboardingShouldCreateAccount: false,
        offboardingType: 'DELETE_ACCOUNT',
        owners: ['u1'],
      }),
    ).toBe('NotSet');
  });

  it('needs a setup step for macOS-only apps without a Mac id, or any iOS/iPad platform', () => {
    expect(needsSetupStep({ platforms: ['macos'], macApplicationId: null })).toBe(true);
    expect(needsSetupStep({ platforms: ['macos'], macApplicationId: 'com.app' })).toBe(false);
    expect(needsSetupStep({ platforms: ['windows', 'ipad'], macApplicationId: null })).toBe(true);
    expect(needsSetupStep({ platforms: ['macos', 'windows'], macApplicationId: null })).toBe(false);
  });

  it('splits mobile from desktop apps and does not support subscriptions on iOS', () => {
    expect(isMobileApplication({ platforms: ['ios'] })).toBe(true);
    expect(isMobileApplication({ platforms: ['macos_and_windows'] })).toBe(false);
    expect(
      supportsSubscriptions({
        platforms: ['ios'],
        subscriptionsSupportedByEquip: true,
        subscriptionsSupportedByOwners: true,
      }),
    ).toBe(false);
    expect(
      supportsSubscriptions({
        platforms: ['macos'],
        subscriptionsSupportedByEquip: false,
        subscriptionsSupportedByOwners: true,
      }),
    ).toBe(true);
  });

  it('decides who deletes accounts on offboarding', () => {
    const base = {
      subscriptionsSupported: true,
      hasOwners: false,
      offboardingType: 'DELETE_ACCOUNT' as const,
      supportedByEquip: true,
    };
    expect(accountDeletionManagement({ ...base, subscriptionsSupported: false })).toBeUndefined();
    expect(accountDeletionManagement({ ...base, hasOwners: true })).toBe('managed_by_owners');
    expect(accountDeletionManagement(base)).toBe('managed_by_equip');
    expect(accountDeletionManagement({ ...base, offboardingType: 'DELETE_ACCOUNT_KEEP_LICENSE' })).toBe(
      'managed_by_equip',
    );
    expect(accountDeletionManagement({ ...base, offboardingType: 'CREATE_SUPERVISOR_TICKET' })).toBe(
      'unmanaged',
    );
    expect(accountDeletionManagement({ ...base, supportedByEquip: false })).toBe('unmanaged');
  });
});
