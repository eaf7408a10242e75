import { DeviceAction, MdmProvider, PROVIDER_ACTIONS, reportedStatusOf } from '@equip/domain/mdm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { MdmCommandRejected, type MdmDevice } from './adapter.ts';
import { MdmAdapters, NoMdmAdapter } from './mdm-adapters.ts';
import { SANDBOX_FAILING_INSTALLS_MARK, SANDBOX_INSTALL_FAILURE, SandboxMdmAdapter } from './sandbox.ts';

const device: MdmDevice = { uuid: 'u', name: 'Laptop', serialNumber: 'S1', os: 'MACOS' };

describe('sandbox MDM adapters', () => {
  for (const provider of MdmProvider.options)
    for (const action of DeviceAction.options) {
      const offered = PROVIDER_ACTIONS[provider].includes(action);
      it(`${provider} ${action}: ${offered ? 'queues, then the device reports after the delay' : 'refuses'}`, async () => {
        let now = 1_000_000;
        const sandbox = new SandboxMdmAdapter(provider, 2000, () => now);
        if (!offered) {
          await expect(sandbox.send(device, action)).rejects.toThrow(MdmCommandRejected);
          return;
        }
        const sent = await sandbox.send(device, action);
        const sentAt = new Date(now);
        expect(await sandbox.result(device, action, { ...sent, sentAt })).toEqual({ state: 'pending' });
        now += 1999;
        expect(await sandbox.result(device, action, { ...sent, sentAt })).toEqual({ state: 'pending' });
        now += 1;
        expect(await sandbox.result(device, action, { ...sent, sentAt })).toEqual({
          state: 'completed',
          mdmStatus: reportedStatusOf(action),
        });
      });
    }

  it('answers the same after a restart (the send time is in the command id)', async () => {
    let now = 5000;
    const sent = await new SandboxMdmAdapter('JAMF', 100, () => now).send(device, 'lock');
    now = 5100;
    expect(
      await new SandboxMdmAdapter('JAMF', 100, () => now).result(device, 'lock', {
        ...sent,
        sentAt: new Date(0),
      }),
    ).toEqual({ state: 'completed', mdmStatus: 'locked' });
  });

  it('refuses installs on a device named to fail them (the demo and e2e failed install), uninstalls and others pass', async () => {
    const sandbox = new SandboxMdmAdapter('MANAGE_ENGINE', 0);
    const application = {
      uuid: 'a',
      name: 'Slack',
      macApplicationId: 'com.tinyspeck.slackmacgap',
      windowsApplicationId: null,
      iosApplicationId: null,
      ipadApplicationId: null,
      macAppStoreId: null,
    };
    const failing = { ...device, name: `Laptop ${SANDBOX_FAILING_INSTALLS_MARK}` };
    await expect(sandbox.sendSoftware(failing, { action: 'install_software', application })).rejects.toThrow(
      new MdmCommandRejected(SANDBOX_INSTALL_FAILURE),
    );
    await expect(
      sandbox.sendSoftware(failing, { action: 'uninstall_software', application }),
    ).resolves.toBeDefined();
    await expect(
      sandbox.sendSoftware(device, { action: 'install_software', application }),
    ).resolves.toBeDefined();
  });

  it('offers in self service (and withdraws) what the catalog has for the system; refuses what it has not', async () => {
    const sandbox = new SandboxMdmAdapter('FLEET', 0);
    const application = {
      uuid: 'a',
      name: 'Slack',
      macApplicationId: 'com.tinyspeck.slackmacgap',
      windowsApplicationId: null,
      iosApplicationId: null,
      ipadApplicationId: null,
      macAppStoreId: null,
    };
    await expect(sandbox.offerSoftware(device, { offered: true, application })).resolves.toBeUndefined();
    await expect(sandbox.offerSoftware(device, { offered: false, application })).resolves.toBeUndefined();
    await expect(
      sandbox.offerSoftware({ ...device, os: 'WINDOWS' }, { offered: true, application }),
    ).rejects.toThrow(new MdmCommandRejected('FLEET has no Slack for WINDOWS'));
    await expect(
      sandbox.offerSoftware({ ...device, os: 'UNKNOWN' }, { offered: true, application }),
    ).rejects.toThrow(MdmCommandRejected);
  });

  it('refuses devices the MDM cannot know', async () => {
    await expect(new SandboxMdmAdapter('JAMF', 0).send({ ...device, os: 'UNKNOWN' }, 'lock')).rejects.toThrow(
      MdmCommandRejected,
    );
  });

  it('picks the real Fleet client for a connection (opening its sealed token), the sandbox otherwise, or nothing when sandboxes are off', () => {
    const key = sealingKey(new Uint8Array(48).fill(1), SEALED_SECRET_PURPOSES.mdmTokens);
    const adapters = new MdmAdapters(
      { sandbox: true, sandboxDelayMs: 0, allowPrivateServers: true, checkIntervalMs: 0 },
      key,
    );
    const fleet = {
      provider: 'FLEET' as const,
      baseUrl: 'http://127.0.0.1:1',
      apiTokenEncrypted: adapters.sealToken('t'),
    };
    expect(adapters.for('FLEET', fleet).kind).toBe('fleet');
    expect(adapters.for('JAMF', null).kind).toBe('sandbox');
    expect(
      adapters.for('JAMF', {
        provider: 'JAMF',
        baseUrl: 'https://jamf.example',
        apiTokenEncrypted: adapters.sealToken('t'),
        clientId: 'client',
      }).kind,
    ).toBe('jamf');
    expect(
      adapters.for('MANAGE_ENGINE', {
        provider: 'MANAGE_ENGINE',
        baseUrl: 'https://me.example',
        apiTokenEncrypted: adapters.sealToken('t'),
      }).kind,
    ).toBe('manage-engine');
    // Sealed under another installation secret: refused at once, with what to do.
    const other = new MdmAdapters(
      { sandbox: true, sandboxDelayMs: 0, allowPrivateServers: true, checkIntervalMs: 0 },
      sealingKey(new Uint8Array(48).fill(2), SEALED_SECRET_PURPOSES.mdmTokens),
    );
    expect(() => other.for('FLEET', fleet)).toThrow(/cannot be read; connect the server again/);
    const real = new MdmAdapters(
      { sandbox: false, sandboxDelayMs: 0, allowPrivateServers: false, checkIntervalMs: 0 },
      key,
    );
    expect(() => real.for('FLEET', null)).toThrow(NoMdmAdapter);
  });

  it('is configured from the environment: on with a 2 s delay by default, no delay in tests, off on request', () => {
    expect(loadConfig({}).mdm).toMatchObject({
      sandbox: true,
      sandboxDelayMs: 2000,
      allowPrivateServers: false,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).mdm.sandboxDelayMs).toBe(0);
    expect(loadConfig({ MDM_SANDBOX: 'false', MDM_SANDBOX_DELAY_MS: '1500' }).mdm).toMatchObject({
      sandbox: false,
      sandboxDelayMs: 1500,
    });
    expect(() => loadConfig({ MDM_SANDBOX_DELAY_MS: '-1' })).toThrow(/MDM_SANDBOX_DELAY_MS/);
  });
});
