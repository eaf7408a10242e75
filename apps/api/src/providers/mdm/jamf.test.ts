import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type JamfFake, startJamfFake } from '../../test/jamf-fake.ts';
import { EQUIP_VERSION, equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { MdmCommandRejected, type MdmDevice, MdmUnavailable } from './adapter.ts';
import { JamfApiError, JamfClient, JamfMdmAdapter, LOST_MODE_MESSAGE } from './jamf.ts';

const mac: MdmDevice = { uuid: 'u1', name: 'Olga MacBook', serialNumber: 'C02JAMF1', os: 'MACOS' };
const phone: MdmDevice = { uuid: 'u2', name: 'Olga iPhone', serialNumber: 'F17JAMF2', os: 'IOS' };

describe('Jamf Pro API client against a local fake of Jamf Pro', () => {
  let jamf: JamfFake;
  let clock: number;
  const fetcher = outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('mdm') });
  const client = (options: Partial<{ clientSecret: string; timeoutMs: number; pageSize: number }> = {}) =>
    new JamfClient(
      {
        baseUrl: `${jamf.url}/`,
        clientId: jamf.clientId,
        clientSecret: options.clientSecret ?? jamf.clientSecret,
      },
      fetcher,
      options.timeoutMs ?? 5000,
      () => clock,
      options.pageSize,
    );
  const adapter = (c = client()) => new JamfMdmAdapter(c, 0);

  beforeAll(async () => {
    jamf = await startJamfFake();
    jamf.setClock(() => clock);
  });
  afterAll(() => jamf.close());
  beforeEach(() => {
    clock = Date.parse('2026-11-27T03:00:00Z');
    jamf.computers.clear();
    jamf.mobileDevices.clear();
    jamf.commands.length = 0;
    jamf.requests.length = 0;
    jamf.reportAfterReads(1);
    jamf.tokenLifetime(60);
    jamf.addComputer({ id: '8', name: 'olga-mbp', serialNumber: 'C02JAMF1' });
    jamf.addMobileDevice({ id: '21', displayName: 'Olga iPhone', serialNumber: 'F17JAMF2' });
  });

  it('gets a token with client credentials (form-encoded) and names Equip; a wrong secret is a 401 at the token', async () => {
    expect(await client().checkConnection()).toEqual({ version: '11.11.0-t1729006783' });
    const [token, version] = jamf.requests;
    expect(token).toMatchObject({
      method: 'POST',
      path: '/api/oauth/token',
      contentType: 'application/x-www-form-urlencoded',
      body: { grant_type: 'client_credentials', client_id: jamf.clientId, client_secret: jamf.clientSecret },
      userAgent: `Equip/${EQUIP_VERSION} (+mdm)`,
    });
    expect(version).toMatchObject({
      path: '/api/v1/jamf-pro-version',
      authorization: expect.stringMatching(/^Bearer /),
    });

    const refused = await client({ clientSecret: 'wrong' })
      .checkConnection()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JamfApiError);
    expect(refused).toMatchObject({ status: 401, duringToken: true, message: 'invalid_client' });
  });

  it('keeps the token while it lives and asks for a new one before it expires', async () => {
    const c = client();
    await c.checkConnection();
    clock += 20_000;
    await c.checkConnection();
    expect(jamf.tokenRequests()).toHaveLength(1);
    // 60 s tokens are renewed with 30 s left: at 35 s a new one is asked for before the call.
    clock += 15_000;
    await c.checkConnection();
    expect(jamf.tokenRequests()).toHaveLength(2);
    // A token the server no longer takes (401) is replaced once.
    jamf.failNext(401, { path: '/api/v1/jamf-pro-version' });
    await c.checkConnection();
    expect(jamf.tokenRequests()).toHaveLength(3);
  });

  it('locks a Mac by its serial with a 6-digit PIN (answered for the drawer) and sees it complete when Jamf reports it', async () => {
    const a = adapter();
    const sent = await a.send(mac, 'lock');
    expect(sent.unlockPin).toMatch(/^\d{6}$/);
    const command = jamf.commands[0]!;
    expect(command).toMatchObject({
      managementId: jamf.computers.get('8')!.managementId,
      commandType: 'DEVICE_LOCK',
      commandData: { commandType: 'DEVICE_LOCK', pin: sent.unlockPin },
    });
    expect(sent.providerCommandId).toBe(command.uuid);
    const lookup = jamf.requests.find((r) => r.path === '/api/v1/computers-inventory')!;
    expect(lookup.query.get('filter')).toBe('hardware.serialNumber=="C02JAMF1"');
    expect(lookup.query.getAll('section')).toEqual(['GENERAL', 'HARDWARE']);
    const at = { ...sent, sentAt: new Date(clock) };
    expect(await a.result(mac, 'lock', at)).toEqual({ state: 'pending' });
    expect(await a.result(mac, 'lock', at)).toEqual({ state: 'completed', mdmStatus: 'locked' });
  });

  it('restarts and shuts down a Mac; a command the device refuses is failed', async () => {
    const a = adapter();
    const restart = await a.send(mac, 'restart');
    expect(jamf.commands[0]!.commandData).toEqual({ commandType: 'RESTART_DEVICE', notifyUser: true });
    jamf.reportAfterReads(0);
    expect(await a.result(mac, 'restart', { ...restart, sentAt: new Date() })).toEqual({
      state: 'completed',
      mdmStatus: null,
    });
    jamf.failCommands('SHUT_DOWN_DEVICE');
    const shutdown = await a.send(mac, 'shutdown');
    expect(await a.result(mac, 'shutdown', { ...shutdown, sentAt: new Date() })).toEqual({
      state: 'failed',
      error: 'Jamf Pro: the device answered the SHUT_DOWN_DEVICE with an error',
    });
  });

  it('puts an iPhone in lost mode through the mobile device inventory', async () => {
    const a = adapter();
    const sent = await a.send(phone, 'enable_lost_mode');
    const lookup = jamf.requests.find((r) => r.path === '/api/v2/mobile-devices/detail')!;
    expect(lookup.query.get('filter')).toBe('serialNumber=="F17JAMF2"');
    expect(jamf.commands[0]).toMatchObject({
      managementId: jamf.mobileDevices.get('21')!.managementId,
      clientType: 'MOBILE_DEVICE',
      commandData: { commandType: 'ENABLE_LOST_MODE', lostModeMessage: LOST_MODE_MESSAGE },
    });
    jamf.reportAfterReads(0);
    expect(await a.result(phone, 'enable_lost_mode', { ...sent, sentAt: new Date() })).toEqual({
      state: 'completed',
      mdmStatus: 'locked',
    });
    // Lost mode is for phones and tablets; Jamf has no unlock command for a Mac.
    await expect(a.send(mac, 'enable_lost_mode')).rejects.toBeInstanceOf(MdmCommandRejected);
    await expect(a.send(mac, 'unlock')).rejects.toThrow(/no unlock command for a Mac/);
    // An iPhone is unlocked by ending lost mode.
    await a.send(phone, 'unlock');
    expect(jamf.commands.at(-1)!.commandData).toEqual({ commandType: 'DISABLE_LOST_MODE' });
  });

  it('erases a Mac with a PIN (shown for the start-up lock) and an iPhone without one', async () => {
    const a = adapter();
    const wiped = await a.send(mac, 'wipe');
    expect(wiped.unlockPin).toMatch(/^\d{6}$/);
    expect(jamf.commands[0]!.commandData).toEqual({ commandType: 'ERASE_DEVICE', pin: wiped.unlockPin });
    const phoneWiped = await a.send(phone, 'reset');
    expect(phoneWiped.unlockPin).toBeUndefined();
    expect(jamf.commands[1]!.commandData).toEqual({ commandType: 'ERASE_DEVICE' });
    jamf.reportAfterReads(0);
    expect(await a.result(phone, 'reset', { ...phoneWiped, sentAt: new Date() })).toEqual({
      state: 'completed',
      mdmStatus: 'wiped',
    });
  });

  it('reads the record of the stored MDM id instead of searching, and searches when it is no longer the device', async () => {
    const inventoryFilters = () =>
      jamf.requests
        .filter((r) => r.path === '/api/v1/computers-inventory' || r.path === '/api/v2/mobile-devices/detail')
        .map((r) => r.query.get('filter'));
    jamf.requests.length = 0;
    await adapter().send({ ...mac, mdmId: '8' }, 'restart');
    await adapter().send({ ...phone, mdmId: '21' }, 'restart');
    expect(inventoryFilters()).toEqual(['id=="8"', 'mobileDeviceId=="21"']);
    // Id 9 is now another Mac (another serial) and id 99 is gone: the serial finds 8 after all.
    jamf.addComputer({ id: '9', name: 'someone-else', serialNumber: 'C02OTHER' });
    for (const stale of ['9', '99']) {
      jamf.requests.length = 0;
      jamf.commands.length = 0;
      await adapter().send({ ...mac, mdmId: stale }, 'restart');
      expect(inventoryFilters()).toEqual([`id=="${stale}"`, 'hardware.serialNumber=="C02JAMF1"']);
      expect(jamf.commands.map((c) => c.managementId)).toEqual([jamf.computers.get('8')!.managementId]);
    }
  });

  describe('VPP app scope (decision 030)', () => {
    const SLACK = {
      id: 41,
      kind: 'computer' as const,
      name: 'Slack',
      bundleId: 'com.tinyspeck.slackmacgap',
      version: '4.41',
    };
    const slack = {
      action: 'install_software' as const,
      application: {
        uuid: 'a1',
        name: 'Slack',
        macApplicationId: SLACK.bundleId,
        windowsApplicationId: null,
        iosApplicationId: null,
        ipadApplicationId: null,
        macAppStoreId: null,
      },
    };
    beforeEach(() => {
      jamf.vppApps.clear();
      jamf.addVppApp(SLACK);
      jamf.addComputer({ id: '12', name: 'second-mbp', serialNumber: 'C02JAMF12' });
    });
    const second: MdmDevice = { ...mac, uuid: 'u3', serialNumber: 'C02JAMF12' };

    it('two installs of one app at the same time both end in its scope (its changes go one after another)', async () => {
      await Promise.all([adapter().sendSoftware(mac, slack), adapter().sendSoftware(second, slack)]);
      expect(jamf.vppApps.get(SLACK.id)!.scope.sort()).toEqual(['12', '8']);
    });

    it('a device another writer dropped from the scope is put back at the next check', async () => {
      const sent = await adapter().sendSoftware(mac, slack);
      expect(jamf.vppApps.get(SLACK.id)!.scope).toEqual(['8']);
      jamf.vppApps.get(SLACK.id)!.scope = [];
      expect(await adapter().softwareResult(mac, slack, { ...sent, sentAt: new Date() })).toEqual({
        state: 'pending',
      });
      expect(jamf.vppApps.get(SLACK.id)!.scope).toEqual(['8']);
    });

    it('offers in Self Service only an app made available there; an app installed automatically is refused, its scope left alone', async () => {
      const offer = { offered: true, application: slack.application };
      const refused = await adapter()
        .offerSoftware(mac, offer)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MdmCommandRejected);
      expect((refused as Error).message).toBe(
        'Jamf Pro installs Slack automatically for its whole scope; to offer it, set its distribution to "Make Available in Self Service"',
      );
      expect(jamf.vppApps.get(SLACK.id)!.scope).toEqual([]);
      // Installed automatically for the Mac: a withdrawal does not take it out of the installs' scope.
      await adapter().sendSoftware(mac, slack);
      await adapter().offerSoftware(mac, { offered: false, application: slack.application });
      expect(jamf.vppApps.get(SLACK.id)!.scope).toEqual(['8']);
      // Made available in Self Service: offered to the second Mac by its scope, and withdrawn.
      jamf.vppApps.get(SLACK.id)!.deploymentType = 'Make Available in Self Service';
      await adapter().offerSoftware(second, offer);
      await adapter().offerSoftware(second, offer);
      expect(jamf.vppApps.get(SLACK.id)!.scope.sort()).toEqual(['12', '8']);
      await adapter().offerSoftware(second, { offered: false, application: slack.application });
      expect(jamf.vppApps.get(SLACK.id)!.scope).toEqual(['8']);
    });
  });

  it('finds the managed record across a page boundary (an old unmanaged record of the same serial first)', async () => {
    jamf.computers.clear();
    for (let i = 1; i <= 3; i++) jamf.addComputer({ id: String(i), serialNumber: 'c02jamf1', managed: true });
    jamf.addComputer({ id: '4', serialNumber: 'C02JAMF1', managed: false });
    const managed = jamf.addComputer({ id: '5', serialNumber: 'C02JAMF1', managed: true });
    const c = client({ pageSize: 2 });
    expect(await c.findRecord('computer', { serialNumber: 'C02JAMF1', name: 'x' })).toMatchObject({
      id: '5',
      managementId: managed.managementId,
    });
    expect(
      jamf.requests.filter((r) => r.path === '/api/v1/computers-inventory').map((r) => r.query.get('page')),
    ).toEqual(['0', '1', '2']);
    // Full pages up to `totalCount`, and no managed record: the search stops at the last page.
    jamf.requests.length = 0;
    jamf.computers.delete('5');
    expect(await c.findRecord('computer', { serialNumber: 'C02JAMF1', name: 'x' })).toBeNull();
    expect(
      jamf.requests.filter((r) => r.path === '/api/v1/computers-inventory').map((r) => r.query.get('page')),
    ).toEqual(['0', '1']);
    // An unknown device: a refusal, not a retry.
    await expect(new JamfMdmAdapter(c, 0).send({ ...mac, serialNumber: 'NOPE' }, 'lock')).rejects.toThrow(
      new MdmCommandRejected('No managed Jamf Pro computer matches the device (NOPE)'),
    );
  });

  it('a 429 or 503 is a temporary error with its Retry-After; a lookup failure surely did not send', async () => {
    jamf.failNext(429, { retryAfter: '60', path: '/api/v2/mdm/commands', method: 'POST' });
    const limited = await adapter()
      .send(mac, 'lock')
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(MdmUnavailable);
    expect(limited).toMatchObject({ message: 'Jamf Pro 429: Too many requests', notDelivered: true });
    const retryAt = (limited as MdmUnavailable).retryAt!.getTime();
    expect(retryAt).toBeGreaterThan(Date.now() + 58_000);
    jamf.failNext(503, { retryAfter: '5', path: '/api/v2/mdm/commands', method: 'POST' });
    const down = await adapter()
      .send(mac, 'restart')
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ message: 'Jamf Pro 503: Service unavailable', notDelivered: false });
    expect((down as MdmUnavailable).retryAt).not.toBeNull();
    jamf.failNext(503, { path: '/api/v1/computers-inventory' });
    await expect(adapter().send(mac, 'lock')).rejects.toMatchObject({ notDelivered: true });
  });

  it('an answer past the timeout is reported with the reason, and the lost send is found at Jamf', async () => {
    jamf.holdNext('/api/v2/mdm/commands', true);
    const a = adapter(client({ timeoutMs: 300 }));
    const attemptedAt = new Date(clock);
    const late = await a.send(mac, 'lock').catch((e: unknown) => e);
    jamf.releaseHeld();
    expect(late).toBeInstanceOf(MdmUnavailable);
    expect(late).toMatchObject({ message: 'Jamf Pro did not answer within 300 ms', notDelivered: false });
    // The lock reached Jamf: found, not sent again.
    expect(await a.findSent(mac, 'lock', attemptedAt)).toEqual({ providerCommandId: jamf.commands[0]!.uuid });
    expect(await a.findSent(mac, 'restart', attemptedAt)).toBeNull();
    expect(jamf.commands).toHaveLength(1);
  });
});
