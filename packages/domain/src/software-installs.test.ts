import { describe, expect, it } from 'vitest';
import {
  applicationIdFor,
  type InstallableApplication,
  installStatusOf,
  type SoftwareTarget,
  softwareUnavailable,
} from './software-installs.ts';

const slack: InstallableApplication = {
  uuid: '00000000-0000-4000-b000-000000000001',
  name: 'Slack',
  macApplicationId: 'com.tinyspeck.slackmacgap',
  windowsApplicationId: 'SlackTechnologies.Slack',
  iosApplicationId: null,
  ipadApplicationId: null,
  macAppStoreId: null,
};
const mac: SoftwareTarget = {
  os: 'MACOS',
  mdmProvider: 'FLEET',
  enrollmentState: 'ENROLLED',
  mdmStatus: null,
};

describe('software installs (decision 030)', () => {
  it.each([
    ['MACOS', 'com.tinyspeck.slackmacgap'],
    ['WINDOWS', 'SlackTechnologies.Slack'],
    ['IOS', null],
    ['UNKNOWN', null],
  ] as const)('the catalog id of Slack on %s is %s', (os, id) => {
    expect(applicationIdFor(slack, os)).toBe(id);
  });

  it('takes the Mac App Store id on a Mac without a bundle id, and the iPad id on an iPhone or iPad without one', () => {
    expect(applicationIdFor({ ...slack, macApplicationId: null, macAppStoreId: '803453959' }, 'MACOS')).toBe(
      '803453959',
    );
    expect(applicationIdFor({ ...slack, ipadApplicationId: 'com.tinyspeck.chatlyio' }, 'IOS')).toBe(
      'com.tinyspeck.chatlyio',
    );
  });

  it.each([
    ['an enrolled, managed Mac', mac, null],
    ['a device without an MDM', { ...mac, mdmProvider: null }, 'not_managed'],
    ['a wiped device', { ...mac, mdmStatus: 'wiped' }, 'wiped'],
    ['a device not enrolled yet', { ...mac, enrollmentState: 'PENDING_ENROLLMENT' }, 'not_enrolled'],
    ['an iPhone (Slack has no iPhone id here)', { ...mac, os: 'IOS' }, 'unsupported_os'],
  ] as const)('%s: %s', (_name, device, reason) => {
    expect(softwareUnavailable(device as SoftwareTarget, slack)).toBe(reason);
  });

  it.each([
    ['queued', null, 'pending'],
    ['sent', null, 'pending'],
    ['completed', null, 'pending'],
    ['completed', '2026-11-27T08:00:00.000Z', 'installed'],
    ['failed', null, 'failed'],
  ] as const)('an install %s (confirmed %s) is %s', (state, confirmedAt, status) => {
    expect(installStatusOf({ state, confirmedAt })).toBe(status);
  });
});
