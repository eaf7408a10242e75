import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManageEngineFake, startManageEngineFake } from '../../test/manage-engine-fake.ts';
import { EQUIP_VERSION, equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import { MdmCommandRejected, type MdmDevice, MdmUnavailable } from './adapter.ts';
import {
  ManageEngineApiError,
  ManageEngineClient,
  ManageEngineMdmAdapter,
  ME_LOCK_MESSAGE,
} from './manage-engine.ts';

const phone: MdmDevice = { uuid: 'u1', name: 'Olga iPhone', serialNumber: 'F17ME0001', os: 'IOS' };
const laptop: MdmDevice = { uuid: 'u2', name: 'Lager Laptop', serialNumber: 'R52ME0002', os: 'WINDOWS' };

describe('ManageEngine MDM API client against a local fake of ManageEngine', () => {
  let me: ManageEngineFake;
  const fetcher = outboundFetch({ allowPrivate: true, userAgent: equipUserAgent('mdm') });
  const client = (options: Partial<{ apiToken: string; timeoutMs: number; pageSize: number }> = {}) =>
    new ManageEngineClient(
      { baseUrl: `${me.url}/`, apiToken: options.apiToken ?? me.apiKey },
      fetcher,
      options.timeoutMs ?? 5000,
      options.pageSize,
    );
  const adapter = (c = client()) => new ManageEngineMdmAdapter(c, 0);

  beforeAll(async () => {
    me = await startManageEngineFake();
  });
  afterAll(() => me.close());
  beforeEach(() => {
    me.reset();
    me.addDevice({ id: '9007199254741001', name: 'Olga iPhone', serialNumber: 'F17ME0001' });
    me.addDevice({
      id: '9007199254741002',
      name: 'Lager Laptop',
      serialNumber: 'R52ME0002',
      platform: 'windows',
    });
  });

  it('sends the API key in the Authorization header and names Equip; a wrong key is a 401', async () => {
    expect(await client().checkConnection()).toEqual({ devices: 2 });
    expect(me.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/mdm/devices',
      authorization: me.apiKey,
      userAgent: `Equip/${EQUIP_VERSION} (+mdm)`,
    });
    const refused = await client({ apiToken: 'wrong' })
      .checkConnection()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ManageEngineApiError);
    expect(refused).toMatchObject({
      status: 401,
      message: 'UNAUTHORIZED: Invalid API key or the key has expired',
    });
  });

  it('reads a device by its id, the 64-bit id kept as text', async () => {
    expect(await client().device('9007199254741001')).toMatchObject({
      device_id: '9007199254741001',
      serial_number: 'F17ME0001',
      platform_type: 'ios',
      is_lost_mode_enabled: false,
    });
  });

  it('locks a device by its serial and sees it complete when ManageEngine reports success', async () => {
    const a = adapter();
    const sent = await a.send(phone, 'lock');
    expect(sent).toEqual({ providerCommandId: '9007199254741001:lock' });
    expect(me.actions[0]).toMatchObject({
      deviceId: '9007199254741001',
      action: 'lock',
      body: { lock_message: ME_LOCK_MESSAGE },
    });
    const lookup = me.requests.find((r) => r.path === '/api/v1/mdm/devices')!;
    expect(lookup.query.get('search')).toBe('F17ME0001');
    const at = { ...sent, sentAt: new Date() };
    expect(await a.result(phone, 'lock', at)).toEqual({ state: 'pending' });
    expect(await a.result(phone, 'lock', at)).toEqual({ state: 'completed', mdmStatus: 'locked' });
  });

  it('restarts and shuts down; an action the device fails is failed with ManageEngine’s words', async () => {
    const a = adapter();
    me.reportAfterReads(0);
    const restart = await a.send(laptop, 'restart');
    expect(me.actions[0]).toMatchObject({ action: 'restart', body: {} });
    expect(await a.result(laptop, 'restart', { ...restart, sentAt: new Date() })).toEqual({
      state: 'completed',
      mdmStatus: null,
    });
    me.failActions('shutdown');
    const shutdown = await a.send(laptop, 'shutdown');
    expect(await a.result(laptop, 'shutdown', { ...shutdown, sentAt: new Date() })).toEqual({
      state: 'failed',
      error: 'ManageEngine: Command Failed',
    });
  });

  it('enables and disables lost mode (unlock), and wipes and resets with a complete wipe', async () => {
    const a = adapter();
    me.reportAfterReads(0);
    const lost = await a.send(phone, 'enable_lost_mode');
    expect(me.actions[0]).toMatchObject({
      action: 'enable_lost_mode',
      body: { lock_message: ME_LOCK_MESSAGE },
    });
    expect(await a.result(phone, 'enable_lost_mode', { ...lost, sentAt: new Date() })).toEqual({
      state: 'completed',
      mdmStatus: 'locked',
    });
    expect(me.devices.get('9007199254741001')!.lostMode).toBe(true);
    const unlock = await a.send(phone, 'unlock');
    expect(unlock.providerCommandId).toBe('9007199254741001:disable_lost_mode');
    expect(await a.result(phone, 'unlock', { ...unlock, sentAt: new Date() })).toEqual({
      state: 'completed',
      mdmStatus: 'unlocked',
    });
    await a.send(phone, 'wipe');
    await a.send(laptop, 'reset');
    expect(me.actions.slice(2).map((x) => x.action)).toEqual(['complete_wipe', 'complete_wipe']);
    // Lost mode on a Windows laptop: ManageEngine refuses it, a refusal for good.
    await expect(a.send(laptop, 'enable_lost_mode')).rejects.toThrow(
      new MdmCommandRejected(
        'ManageEngine 400: ACTION_NOT_APPLICABLE: Lost mode is not applicable to this device',
      ),
    );
  });

  it("reads a device's installed apps by name and version across a page boundary, nothing still on its way", async () => {
    me.addDevice({
      id: '9007199254741003',
      name: 'Mia Mac',
      serialNumber: 'C02ME0003',
      platform: 'macos',
      installed: [
        { name: 'Slack', version: '4.41.105' },
        { name: 'Zoom', version: '6.2.0' },
        { name: 'Firefox', version: '133.0' },
      ],
    });
    me.addDevice({
      id: '9007199254741004',
      name: 'Lager PC',
      serialNumber: 'R52ME0004',
      platform: 'windows',
      installed: [{ name: '7-Zip', version: '24.08' }],
    });
    const mac: MdmDevice = {
      uuid: 'u3',
      name: 'Mia Mac',
      serialNumber: 'C02ME0003',
      os: 'MACOS',
      mdmId: '9007199254741003',
    };
    const software = await adapter(client({ pageSize: 2 })).installedSoftware(mac);
    expect(software).toEqual([
      { name: 'Firefox', version: '133.0', bundleId: null, packageId: null, path: null },
      {
        name: 'Slack',
        version: '4.41.105',
        bundleId: null,
        packageId: null,
        path: null,
      },
      { name: 'Zoom', version: '6.2.0', bundleId: null, packageId: null, path: null },
    ]);
    // Two pages of two.
    expect(me.requests.filter((r) => r.path === '/api/v1/mdm/devices/9007199254741003/apps').length).toBe(2);
    const pc: MdmDevice = { uuid: 'u4', name: 'Lager PC', serialNumber: 'R52ME0004', os: 'WINDOWS' };
    expect(await adapter().installedSoftware(pc)).toEqual([
      { name: '7-Zip', version: '24.08', bundleId: null, packageId: null, path: null },
    ]);
  });

  it('offers an app in the device’s app catalog (no silent install) and withdraws only an offer not installed from it', async () => {
    me.addApp({ app_id: 4242, app_name: 'Slack', version: '24.11.20', platform_type: 1 });
    const application = {
      uuid: 'a1',
      name: 'Slack',
      macApplicationId: null,
      windowsApplicationId: null,
      iosApplicationId: 'com.tinyspeck.chatlyio',
      ipadApplicationId: null,
      macAppStoreId: null,
    };
    const apps = '/api/v1/mdm/devices/9007199254741001/apps';
    const sent = (method: string) => me.requests.filter((r) => r.method === method && r.path === apps);
    await adapter().offerSoftware(phone, { offered: true, application });
    expect(sent('POST').map((r) => r.body)).toEqual([
      { app_ids: [4242], silent_install: false, notify_user_via_email: false },
    ]);
    expect(me.offersApp('9007199254741001', 4242)).toBe(true);
    // Not taken up: withdrawn (dissociated).
    await adapter().offerSoftware(phone, { offered: false, application });
    expect(sent('DELETE').map((r) => r.body)).toEqual([{ app_ids: [4242] }]);
    expect(me.hasApp('9007199254741001', 4242)).toBe(false);
    // Installed (here silently, as for an app once installed from the catalog): the withdrawal leaves it.
    await adapter().sendSoftware(phone, { action: 'install_software', application });
    await adapter().installedSoftware(phone);
    await adapter().installedSoftware(phone);
    await adapter().offerSoftware(phone, { offered: false, application });
    expect(sent('DELETE')).toHaveLength(1);
    expect(me.hasApp('9007199254741001', 4242)).toBe(true);
    // An app the repository lacks is refused, naming it.
    await expect(
      adapter().offerSoftware(phone, { offered: true, application: { ...application, name: 'Nowhere' } }),
    ).rejects.toThrow(new MdmCommandRejected('ManageEngine has no Nowhere in its app repository for IOS'));
  });

  it('reads the device of the stored MDM id instead of searching, and searches when it is no longer the device', async () => {
    const paths = () => me.requests.map((r) => `${r.method} ${r.path}`);
    me.requests.length = 0;
    await adapter().send({ ...phone, mdmId: '9007199254741001' }, 'lock');
    expect(paths()).toEqual([
      'GET /api/v1/mdm/devices/9007199254741001',
      'POST /api/v1/mdm/devices/9007199254741001/actions/lock',
    ]);
    // The laptop's id now names another serial, and id 404 is gone: the search finds the phone after all.
    for (const stale of ['9007199254741002', '404']) {
      me.requests.length = 0;
      await adapter().send({ ...phone, mdmId: stale }, 'lock');
      expect(paths()).toEqual([
        `GET /api/v1/mdm/devices/${stale}`,
        'GET /api/v1/mdm/devices',
        'POST /api/v1/mdm/devices/9007199254741001/actions/lock',
      ]);
    }
  });

  it('finds the device across a page boundary (other devices whose serial contains it first)', async () => {
    me.reset();
    for (let i = 1; i <= 3; i++) me.addDevice({ id: String(i), serialNumber: `XF17ME0001${i}` });
    me.addDevice({ id: '4', serialNumber: 'F17ME0001', removed: true });
    me.addDevice({ id: '5', serialNumber: 'F17ME0001' });
    const c = client({ pageSize: 2 });
    expect(await c.findDevice({ serialNumber: 'F17ME0001', name: 'x' })).toMatchObject({ device_id: '5' });
    const offsets = () =>
      me.requests.filter((r) => r.path === '/api/v1/mdm/devices').map((r) => r.query.get('offset'));
    expect(offsets()).toEqual(['0', '2', '4']);
    // Full pages up to `total_record_count` and no match: the search stops at the last page.
    me.requests.length = 0;
    me.devices.delete('5');
    me.devices.delete('4');
    expect(await c.findDevice({ serialNumber: 'F17ME0001', name: 'x' })).toBeNull();
    expect(offsets()).toEqual(['0', '2']);
    // An unknown device: a refusal, not a retry.
    await expect(
      new ManageEngineMdmAdapter(c, 0).send({ ...phone, serialNumber: 'NOPE' }, 'lock'),
    ).rejects.toThrow(new MdmCommandRejected('No device managed by ManageEngine matches the device (NOPE)'));
  });

  it('a 429 or 503 is a temporary error with its Retry-After; a lookup failure surely did not send', async () => {
    me.failNext(429, {
      retryAfter: '60',
      path: '/api/v1/mdm/devices/9007199254741001/actions',
      method: 'POST',
    });
    const limited = await adapter()
      .send(phone, 'lock')
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(MdmUnavailable);
    expect(limited).toMatchObject({
      message: 'ManageEngine 429: TOO_MANY_REQUESTS: Too many requests',
      notDelivered: true,
    });
    expect((limited as MdmUnavailable).retryAt!.getTime()).toBeGreaterThan(Date.now() + 58_000);
    me.failNext(503, {
      retryAfter: '5',
      path: '/api/v1/mdm/devices/9007199254741001/actions',
      method: 'POST',
    });
    const down = await adapter()
      .send(phone, 'restart')
      .catch((e: unknown) => e);
    expect(down).toMatchObject({
      message: 'ManageEngine 503: SERVER_ERROR: Service unavailable',
      notDelivered: false,
    });
    expect((down as MdmUnavailable).retryAt).not.toBeNull();
    me.failNext(503, { path: '/api/v1/mdm/devices', method: 'GET' });
    await expect(adapter().send(phone, 'lock')).rejects.toMatchObject({ notDelivered: true });
    // A wrong key is a refusal.
    await expect(adapter(client({ apiToken: 'wrong' })).send(phone, 'lock')).rejects.toBeInstanceOf(
      MdmCommandRejected,
    );
  });

  it('an answer past the timeout is reported with the reason, and the lost send is found at ManageEngine', async () => {
    me.holdNext('/api/v1/mdm/devices/9007199254741001/actions/lock', true);
    const a = adapter(client({ timeoutMs: 300 }));
    const attemptedAt = new Date();
    const late = await a.send(phone, 'lock').catch((e: unknown) => e);
    me.releaseHeld();
    expect(late).toBeInstanceOf(MdmUnavailable);
    expect(late).toMatchObject({ message: 'ManageEngine did not answer within 300 ms', notDelivered: false });
    // The lock reached ManageEngine: found, not sent again; no restart was ever sent.
    expect(await a.findSent(phone, 'lock', attemptedAt)).toEqual({
      providerCommandId: '9007199254741001:lock',
    });
    expect(await a.findSent(phone, 'restart', attemptedAt)).toBeNull();
    expect(me.actions).toHaveLength(1);
    // A failed lock is not "sent": it may be sent again.
    me.failActions('lock');
    me.reportAfterReads(0);
    await a.result(phone, 'lock', { providerCommandId: '9007199254741001:lock', sentAt: attemptedAt });
    expect(await a.findSent(phone, 'lock', attemptedAt)).toBeNull();
  });
});
