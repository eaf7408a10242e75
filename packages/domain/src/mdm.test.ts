import { describe, expect, it } from 'vitest';
import {
  type ActionTarget,
  actionUnavailable,
  BulkDeviceActionRequest,
  CONFIRMATION_MISMATCH,
  CONFIRMATION_REQUIRED,
  commandProgress,
  confirmationProblem,
  DeviceAction,
  DeviceActionRequest,
  isCommandOpen,
  needsNameConfirmation,
  reportedStatusOf,
} from './mdm.ts';

const mac: ActionTarget = { os: 'MACOS', mdmProvider: 'JAMF', enrollmentState: 'ENROLLED', mdmStatus: null };
const on = { resetEnabled: true };
const off = { resetEnabled: false };

describe('MDM action rules', () => {
  it('asks for the typed device name for wipe and reset only, matched exactly (spaces around aside)', () => {
    expect(DeviceAction.options.filter(needsNameConfirmation)).toEqual(['wipe', 'reset']);
    expect(confirmationProblem('lock', 'MacBook', undefined)).toBeNull();
    expect(confirmationProblem('wipe', 'MacBook', undefined)).toBe(CONFIRMATION_REQUIRED);
    expect(confirmationProblem('wipe', 'MacBook', '   ')).toBe(CONFIRMATION_REQUIRED);
    expect(confirmationProblem('reset', 'MacBook', 'macbook')).toBe(CONFIRMATION_MISMATCH);
    expect(confirmationProblem('reset', 'MacBook', ' MacBook ')).toBeNull();
  });

  it('offers reset only with it-3148-device-reset', () => {
    expect(actionUnavailable('reset', mac, off)).toBe('flag_off');
    expect(actionUnavailable('reset', mac, on)).toBeNull();
  });

  it('needs a managed, enrolled device', () => {
    expect(actionUnavailable('lock', { ...mac, mdmProvider: null }, on)).toBe('not_managed');
    expect(actionUnavailable('lock', { ...mac, enrollmentState: 'PENDING_ENROLLMENT' }, on)).toBe(
      'not_enrolled',
    );
  });

  it('fits the action to the OS and the provider', () => {
    expect(actionUnavailable('enable_lost_mode', mac, on)).toBe('unsupported_os');
    expect(actionUnavailable('enable_lost_mode', { ...mac, os: 'IOS' }, on)).toBeNull();
    expect(actionUnavailable('lock', { ...mac, os: 'UNKNOWN' }, on)).toBe('unsupported_os');
    // Fleet restarts Apple devices (a raw Apple MDM command), not Windows PCs; lost mode on iPhones.
    expect(actionUnavailable('restart', { ...mac, mdmProvider: 'FLEET' }, on)).toBeNull();
    expect(actionUnavailable('restart', { ...mac, mdmProvider: 'FLEET', os: 'WINDOWS' }, on)).toBe(
      'unsupported_by_provider',
    );
    expect(actionUnavailable('enable_lost_mode', { ...mac, mdmProvider: 'FLEET', os: 'IOS' }, on)).toBeNull();
    expect(actionUnavailable('lock', { ...mac, mdmProvider: 'FLEET' }, on)).toBeNull();
    expect(
      actionUnavailable('shutdown', { ...mac, mdmProvider: 'MANAGE_ENGINE', os: 'WINDOWS' }, on),
    ).toBeNull();
  });

  it('follows the reported status: no second lock, unlock only when locked, nothing after a wipe', () => {
    expect(actionUnavailable('lock', { ...mac, mdmStatus: 'locked' }, on)).toBe('already_locked');
    expect(actionUnavailable('unlock', mac, on)).toBe('not_locked');
    expect(actionUnavailable('unlock', { ...mac, mdmStatus: 'locked' }, on)).toBeNull();
    for (const action of DeviceAction.options)
      expect(actionUnavailable(action, { ...mac, os: 'IOS', mdmStatus: 'wiped' }, on)).toBe('wiped');
  });

  it('maps actions to what the device reports and states to progress', () => {
    expect(DeviceAction.options.map(reportedStatusOf)).toEqual([
      null,
      null,
      'locked',
      'locked',
      'unlocked',
      'wiped',
      'wiped',
    ]);
    expect(['queued', 'sent', 'completed', 'failed'].map((s) => commandProgress(s as never))).toEqual([
      10, 50, 100, 100,
    ]);
    expect(isCommandOpen('sent')).toBe(true);
    expect(isCommandOpen('failed')).toBe(false);
  });

  it('parses requests: known actions only; bulk without wipe or reset, 1 to 500 devices', () => {
    expect(DeviceActionRequest.safeParse({ action: 'explode' }).success).toBe(false);
    expect(DeviceActionRequest.parse({ action: 'wipe', confirmation: 'Mac' })).toEqual({
      action: 'wipe',
      confirmation: 'Mac',
    });
    const uuid = '00000000-0000-4000-8000-000000000001';
    expect(BulkDeviceActionRequest.safeParse({ action: 'lock', deviceUuids: [uuid] }).success).toBe(true);
    const wipe = BulkDeviceActionRequest.safeParse({ action: 'wipe', deviceUuids: [uuid] });
    expect(wipe.success).toBe(false);
    expect(wipe.error?.issues[0]?.message).toBe(
      'wipe and reset are confirmed per device and cannot be sent in bulk',
    );
    expect(BulkDeviceActionRequest.safeParse({ action: 'lock', deviceUuids: [] }).success).toBe(false);
    expect(
      BulkDeviceActionRequest.safeParse({ action: 'lock', deviceUuids: Array(501).fill(uuid) }).success,
    ).toBe(false);
  });
});
