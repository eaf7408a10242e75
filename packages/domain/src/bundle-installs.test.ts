import { describe, expect, it } from 'vitest';
import { bundleEffect, requestOnJoin, uninstallsOnLeave } from './bundle-installs.ts';
import type { ManagementType } from './bundles.ts';

const entry = (uuid: string, management: ManagementType) => ({ application: { uuid }, management });

describe('what a bundle does on the devices', () => {
  it.each([
    ['MANAGED_INSTALLS', 'install', false],
    ['MANAGED_UNINSTALLS', 'install', true],
    ['MANAGED_UPDATES', 'install', false],
    ['SELF_SERVICE', 'offer', false],
    ['NOT_NEEDED', null, false],
  ] as const)('%s: joining asks %s, leaving uninstalls: %s', (management, onJoin, onLeave) => {
    expect(requestOnJoin(management)).toBe(onJoin);
    expect(uninstallsOnLeave(management)).toBe(onLeave);
  });

  it.each([
    {
      case: 'joining a first bundle installs its auto-install apps only',
      before: [],
      after: [entry('a', 'MANAGED_INSTALLS'), entry('b', 'SELF_SERVICE'), entry('c', 'NOT_NEEDED')],
      install: ['a'],
      uninstall: [],
      offer: ['b'],
      withdraw: [],
    },
    {
      case: 'leaving uninstalls managed uninstalls only',
      before: [entry('a', 'MANAGED_INSTALLS'), entry('b', 'MANAGED_UNINSTALLS'), entry('c', 'SELF_SERVICE')],
      after: [],
      install: [],
      uninstall: ['b'],
      offer: [],
      withdraw: ['c'],
    },
    {
      case: 'moving keeps what both hold, installs the new and removes the old where it says so',
      before: [
        entry('a', 'MANAGED_UNINSTALLS'),
        entry('b', 'MANAGED_UNINSTALLS'),
        entry('c', 'MANAGED_UPDATES'),
      ],
      after: [entry('a', 'MANAGED_INSTALLS'), entry('d', 'MANAGED_UPDATES')],
      install: ['d'],
      uninstall: ['b'],
      offer: [],
      withdraw: [],
    },
    {
      case: 'a self-service app turned auto install is installed',
      before: [entry('a', 'SELF_SERVICE')],
      after: [entry('a', 'MANAGED_INSTALLS')],
      install: ['a'],
      uninstall: [],
      offer: [],
      withdraw: [],
    },
    {
      case: 'an auto-install app turned self service stays on the device',
      before: [entry('a', 'MANAGED_UNINSTALLS')],
      after: [entry('a', 'SELF_SERVICE')],
      install: [],
      uninstall: [],
      offer: ['a'],
      withdraw: [],
    },
    {
      case: 'nothing changed, nothing asked',
      before: [entry('a', 'MANAGED_INSTALLS')],
      after: [entry('a', 'MANAGED_INSTALLS')],
      install: [],
      uninstall: [],
      offer: [],
      withdraw: [],
    },
    {
      case: 'a self-service app that leaves is withdrawn; one still offered is not offered again',
      before: [entry('a', 'SELF_SERVICE'), entry('b', 'SELF_SERVICE')],
      after: [entry('b', 'SELF_SERVICE'), entry('c', 'SELF_SERVICE')],
      install: [],
      uninstall: [],
      offer: ['c'],
      withdraw: ['a'],
    },
    {
      case: 'a self-service app turned not needed is withdrawn',
      before: [entry('a', 'SELF_SERVICE')],
      after: [entry('a', 'NOT_NEEDED')],
      install: [],
      uninstall: [],
      offer: [],
      withdraw: ['a'],
    },
  ])('$case', ({ before, after, install, uninstall, offer, withdraw }) => {
    expect(bundleEffect(before, after)).toEqual({ install, uninstall, offer, withdraw });
  });
});
