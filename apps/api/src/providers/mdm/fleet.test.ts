import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MDM_CHECK_ERRORS } from '@equip/domain/mdm-connections';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { EQUIP_VERSION } from '../outbound/public-fetch.ts';
import { retryAfterOf } from '../outbound/retry-after.ts';
import { MdmCommandRejected, type MdmDevice, MdmUnavailable } from './adapter.ts';
import { FleetApiError, FleetClient, FleetMdmAdapter } from './fleet.ts';
import { MdmAdapters } from './mdm-adapters.ts';

const laptop: MdmDevice = { uuid: 'u1', name: 'Olga MacBook', serialNumber: 'C02XK1', os: 'MACOS' };

describe('Fleet REST client against a local fake of Fleet', () => {
  let fleet: FleetFake;
  const client = (credentials: Partial<{ apiToken: string; email: string; password: string }> = {}) =>
    new FleetClient({ baseUrl: `${fleet.url}/`, apiToken: fleet.token, ...credentials });

  beforeAll(async () => {
    fleet = await startFleetFake();
  });
  afterAll(() => fleet.close());
  beforeEach(() => {
    fleet.hosts.clear();
    fleet.requests.length = 0;
    fleet.commands.length = 0;
    fleet.reportAfterReads(1);
    fleet.addHost({ id: 8, hostname: 'olga-mbp', hardware_serial: 'C02XK1' });
    fleet.addHost({ id: 9, hostname: 'win-desk', hardware_serial: 'W123', platform: 'windows' });
  });

  it('sends the API token as a bearer token and reads hosts without paging metadata', async () => {
    const hosts = await client().searchHosts('C02XK1');
    expect(hosts.map((h) => h.id)).toEqual([8]);
    expect(fleet.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/fleet/hosts',
      authorization: `Bearer ${fleet.token}`,
      query: { query: 'C02XK1' },
    });
    expect((await client().getHost(8)).mdm?.device_status).toBe('unlocked');
  });

  it('logs in with email and password when no token is configured, and again after a 401', async () => {
    const c = new FleetClient({ baseUrl: fleet.url, email: fleet.email, password: fleet.password });
    expect((await c.getHost(8)).id).toBe(8);
    expect(fleet.requests.map((r) => r.path)).toEqual(['/api/v1/fleet/login', '/api/v1/fleet/hosts/8']);
    fleet.failNext(401);
    expect((await c.getHost(8)).id).toBe(8);
    expect(fleet.requests.filter((r) => r.path === '/api/v1/fleet/login')).toHaveLength(2);
  });

  it('reports a wrong login (401) and a rate-limited login (429 with retry-after) in Fleet’s words', async () => {
    const wrong = new FleetClient({ baseUrl: fleet.url, email: fleet.email, password: 'nope' });
    const e401 = await wrong.login().catch((e: unknown) => e);
    expect(e401).toBeInstanceOf(FleetApiError);
    expect(e401).toMatchObject({ status: 401, message: 'Authentication failed: Authentication failed' });
    expect((e401 as FleetApiError).retryable).toBe(false);
    fleet.failNext(429, { login: true });
    const e429 = (await wrong.login().catch((e: unknown) => e)) as FleetApiError;
    expect(e429).toMatchObject({ status: 429, retryAfterSeconds: 3, retryable: true });
  });

  it('locks (204, or 200 with the unlock PIN when view_pin), unlocks (PIN on macOS, 204 on Windows) and wipes', async () => {
    expect(await client().lock(9)).toEqual({ unlockPin: null });
    expect(await client().lock(8, true)).toEqual({ unlockPin: '123456' });
    expect(fleet.requests.at(-1)).toMatchObject({
      path: '/api/v1/fleet/hosts/8/lock',
      query: { view_pin: 'true' },
    });
    expect(await client().unlock(8)).toEqual({ unlockPin: '123456' });
    expect(await client().unlock(9)).toEqual({ unlockPin: null });
    await client().wipe(9);
    expect(fleet.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/fleet/hosts/9/wipe' });
  });

  it.each([
    [404, 'Resource Not Found', false],
    [422, 'Validation Failed: host does not have MDM turned on', false],
    [500, 'Unknown Error: email not configured', true],
  ] as const)('turns Fleet’s %i into an error with its message', async (status, message, retryable) => {
    fleet.failNext(status);
    const error = (await client()
      .lock(8)
      .catch((e: unknown) => e)) as FleetApiError;
    expect(error).toBeInstanceOf(FleetApiError);
    expect(error.status).toBe(status);
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.retryable).toBe(retryable);
  });

  describe('testing a connection (GET /api/v1/fleet/me)', () => {
    const adapters = new MdmAdapters(
      { sandbox: false, sandboxDelayMs: 0, allowPrivateServers: true, checkIntervalMs: 0 },
      sealingKey(new Uint8Array(48).fill(3), SEALED_SECRET_PURPOSES.mdmTokens),
    );
    const check = (server: Partial<{ baseUrl: string; apiToken: string }> = {}) =>
      adapters.check('FLEET', { baseUrl: fleet.url, apiToken: fleet.token, ...server });

    it('names Equip and its version in user-agent (issue 27), not undici’s “node”', async () => {
      expect(await check()).toEqual({ ok: true });
      expect(fleet.requests.at(-1)).toMatchObject({ path: '/api/v1/fleet/me' });
      expect(fleet.requests.at(-1)!.userAgent).toBe(`Equip/${EQUIP_VERSION} (+mdm)`);
      expect(EQUIP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    });

    it('answers the token’s user with the bearer token', async () => {
      expect(await client().checkConnection()).toMatchObject({ id: 2, api_only: true });
      expect(fleet.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: '/api/v1/fleet/me',
        authorization: `Bearer ${fleet.token}`,
      });
      expect(await check()).toEqual({ ok: true });
    });

    it('names why it failed: token refused, a server error, no answer, or not a Fleet server', async () => {
      expect(await check({ apiToken: 'wrong' })).toEqual({ ok: false, error: MDM_CHECK_ERRORS.tokenRefused });
      fleet.failNext(500);
      expect(await check()).toEqual({ ok: false, error: MDM_CHECK_ERRORS.serverError });
      fleet.failNext(404);
      expect(await check()).toEqual({ ok: false, error: MDM_CHECK_ERRORS.unexpectedAnswer });
      expect(await check({ baseUrl: 'http://127.0.0.1:1' })).toEqual({
        ok: false,
        error: MDM_CHECK_ERRORS.unreachable,
      });
      const other = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>');
      }).listen(0, '127.0.0.1');
      await once(other, 'listening');
      try {
        const { port } = other.address() as AddressInfo;
        expect(await check({ baseUrl: `http://127.0.0.1:${port}` })).toEqual({
          ok: false,
          error: MDM_CHECK_ERRORS.unexpectedAnswer,
        });
      } finally {
        other.close();
      }
    });

    it('asks ManageEngine’s API for a ManageEngine server (Jamf Pro: jamf.test.ts; ManageEngine: manage-engine.test.ts)', async () => {
      // The Fleet fake refuses the request without a Fleet token.
      expect(await adapters.check('MANAGE_ENGINE', { baseUrl: fleet.url, apiToken: 't' })).toEqual({
        ok: false,
        error: MDM_CHECK_ERRORS.tokenRefused,
      });
      expect(fleet.requests.at(-1)).toMatchObject({ path: '/api/v1/mdm/devices' });
    });

    it('never reaches a private address unless the installation allows it', async () => {
      const publicOnly = new MdmAdapters(
        { sandbox: false, sandboxDelayMs: 0, allowPrivateServers: false, checkIntervalMs: 0 },
        sealingKey(new Uint8Array(48).fill(3), SEALED_SECRET_PURPOSES.mdmTokens),
      );
      const before = fleet.requests.length;
      expect(await publicOnly.check('FLEET', { baseUrl: fleet.url, apiToken: fleet.token })).toEqual({
        ok: false,
        error: MDM_CHECK_ERRORS.unreachable,
      });
      expect(fleet.requests.length).toBe(before);
    });
  });

  describe('the Fleet adapter', () => {
    const adapter = () => new FleetMdmAdapter(client(), 0);

    it('finds the host by serial, locks it, and sees it pending until Fleet reports it locked', async () => {
      const sent = await adapter().send(laptop, 'lock');
      expect(sent).toEqual({ providerCommandId: '8' });
      expect(fleet.hosts.get(8)!.pending_action).toBe('lock');
      const check = () => adapter().result(laptop, 'lock', { ...sent, sentAt: new Date() });
      expect(await check()).toEqual({ state: 'pending' });
      expect(await check()).toEqual({ state: 'completed', mdmStatus: 'locked' });
    });

    it('offers in self service for the host’s team: a package by form, an App Store app by JSON, once; a withdrawal sends nothing', async () => {
      fleet.hosts.get(8)!.team_id = 3;
      fleet.addTitle({
        id: 61,
        name: 'Zoom.app',
        version: '6.2',
        source: 'apps',
        bundle_identifier: 'us.zoom.xos',
      });
      fleet.addTitle({ id: 62, name: 'Keynote', version: '14', source: 'apps', app_store_id: '409183694' });
      const app = (name: string, ids: Partial<{ macApplicationId: string; macAppStoreId: string }>) => ({
        uuid: name,
        name,
        macApplicationId: null,
        windowsApplicationId: null,
        iosApplicationId: null,
        ipadApplicationId: null,
        macAppStoreId: null,
        ...ids,
      });
      const zoom = app('Zoom', { macApplicationId: 'us.zoom.xos' });
      const keynote = app('Keynote', { macAppStoreId: '409183694' });
      const patches = () => fleet.requests.filter((r) => r.method === 'PATCH');
      await adapter().offerSoftware(laptop, { offered: true, application: zoom });
      await adapter().offerSoftware(laptop, { offered: true, application: keynote });
      expect(patches().map((r) => [r.path, r.body])).toEqual([
        ['/api/v1/fleet/software/titles/61/package', { team_id: '3', self_service: 'true' }],
        ['/api/v1/fleet/software/titles/62/app_store_app', { team_id: 3, self_service: true }],
      ]);
      expect(fleet.offeredInSelfService(61, 3)).toBe(true);
      expect(fleet.offeredInSelfService(62, 3)).toBe(true);
      // Offered already: nothing more; withdrawn: the team's flag stays, nothing is sent.
      await adapter().offerSoftware(laptop, { offered: true, application: zoom });
      await adapter().offerSoftware(laptop, { offered: false, application: zoom });
      expect(patches()).toHaveLength(2);
      await expect(
        adapter().offerSoftware(laptop, { offered: true, application: app('Nowhere', {}) }),
      ).rejects.toThrow(new MdmCommandRejected('Fleet has no Nowhere to offer on olga-mbp'));
    });

    it('unlocks and wipes (reset erases through wipe)', async () => {
      fleet.reportAfterReads(0);
      fleet.hosts.get(8)!.device_status = 'locked';
      const unlocked = await adapter().send(laptop, 'unlock');
      // macOS: Fleet answers the PIN to type on the Mac.
      expect(unlocked).toEqual({ providerCommandId: '8', unlockPin: '123456' });
      expect(await adapter().result(laptop, 'unlock', { ...unlocked, sentAt: new Date() })).toEqual({
        state: 'completed',
        mdmStatus: 'unlocked',
      });
      const reset = await adapter().send(laptop, 'reset');
      expect(fleet.requests.at(-1)!.path).toBe('/api/v1/fleet/hosts/8/wipe');
      expect(await adapter().result(laptop, 'reset', { ...reset, sentAt: new Date() })).toEqual({
        state: 'completed',
        mdmStatus: 'wiped',
      });
    });

    it('restarts and shuts down a Mac and puts an iPhone in lost mode as raw Apple MDM commands (issue 27)', async () => {
      fleet.addHost({ id: 12, hostname: 'olga-iphone', hardware_serial: 'F2LX1', platform: 'ios' });
      const iphone = { ...laptop, serialNumber: 'F2LX1', os: 'IOS' as const };
      const restart = await adapter().send(laptop, 'restart');
      expect(restart.providerCommandId).toMatch(/^apple:cmd-\d+$/);
      const [sent] = fleet.commands.slice(-1);
      expect(sent).toMatchObject({ request_type: 'RestartDevice', host_uuid: expect.stringMatching(/08$/) });
      expect(sent!.plist).toContain('<key>RequestType</key><string>RestartDevice</string>');
      const check = (
        action: 'restart' | 'shutdown' | 'enable_lost_mode',
        command: { providerCommandId: string },
      ) =>
        adapter().result(action === 'enable_lost_mode' ? iphone : laptop, action, {
          ...command,
          sentAt: new Date(),
        });
      expect(await check('restart', restart)).toEqual({ state: 'pending' });
      expect(await check('restart', restart)).toEqual({ state: 'completed', mdmStatus: null });

      const lost = await adapter().send(iphone, 'enable_lost_mode');
      expect(fleet.commands.at(-1)!.plist).toContain(
        '<key>Message</key><string>This device has been reported lost. Please contact your IT team.</string>',
      );
      await check('enable_lost_mode', lost);
      expect(await check('enable_lost_mode', lost)).toEqual({ state: 'completed', mdmStatus: 'locked' });

      // The device refuses: the command fails with Apple's status.
      fleet.answerCommandsWith('Error');
      const shutdown = await adapter().send(laptop, 'shutdown');
      await check('shutdown', shutdown);
      expect(await check('shutdown', shutdown)).toEqual({
        state: 'failed',
        error: 'The device answered Error to ShutDownDevice',
      });
      fleet.answerCommandsWith('Acknowledged');
    });

    it('finds a raw Apple command that arrived although its answer was lost, instead of sending it again', async () => {
      const attemptedAt = new Date();
      expect(await adapter().findSent(laptop, 'restart', attemptedAt)).toBeNull();
      fleet.loseNextAnswer('drop');
      await expect(adapter().send(laptop, 'restart')).rejects.toBeInstanceOf(MdmUnavailable);
      const found = await adapter().findSent(laptop, 'restart', attemptedAt);
      expect(found).toEqual({ providerCommandId: `apple:${fleet.commands.at(-1)!.command_uuid}` });
      expect(fleet.commands.filter((c) => c.request_type === 'RestartDevice')).toHaveLength(1);
    });

    it('reads the host of the stored MDM id instead of searching, and searches when that host is no longer the device', async () => {
      const hostPaths = () =>
        fleet.requests.filter((r) => r.path.startsWith('/api/v1/fleet/hosts')).map((r) => r.path);
      fleet.requests.length = 0;
      expect(await adapter().send({ ...laptop, mdmId: '8' }, 'lock')).toEqual({ providerCommandId: '8' });
      expect(hostPaths()).toEqual(['/api/v1/fleet/hosts/8', '/api/v1/fleet/hosts/8/lock']);
      // Id 9 is now another machine (another serial) and id 77 is gone: neither is locked; the serial finds 8.
      for (const stale of ['9', '77']) {
        fleet.requests.length = 0;
        fleet.hosts.get(8)!.pending_action = '';
        expect(await adapter().send({ ...laptop, mdmId: stale }, 'lock')).toEqual({ providerCommandId: '8' });
        expect(hostPaths()).toEqual([
          `/api/v1/fleet/hosts/${stale}`,
          '/api/v1/fleet/hosts',
          '/api/v1/fleet/hosts/8/lock',
        ]);
      }
      expect(fleet.hosts.get(9)!.pending_action).toBe('');
    });

    it('matches a device without serial by host name', async () => {
      const sent = await adapter().send(
        { ...laptop, serialNumber: null, name: 'win-desk', os: 'WINDOWS' },
        'lock',
      );
      expect(sent.providerCommandId).toBe('9');
    });

    it('rejects for good what will not change: unknown host, 401, 404, 422, actions Fleet lacks', async () => {
      await expect(adapter().send({ ...laptop, serialNumber: 'NOPE' }, 'lock')).rejects.toThrow(
        MdmCommandRejected,
      );
      // Raw Apple commands go to Apple hosts only, lost mode to iPhones and iPads only.
      await expect(
        adapter().send({ ...laptop, serialNumber: 'W123', os: 'WINDOWS' }, 'restart'),
      ).rejects.toThrow(MdmCommandRejected);
      await expect(adapter().send(laptop, 'enable_lost_mode')).rejects.toThrow(MdmCommandRejected);
      for (const status of [401, 404, 422] as const) {
        fleet.failNext(status);
        await expect(adapter().send(laptop, 'lock')).rejects.toThrow(MdmCommandRejected);
      }
      const bad = new FleetMdmAdapter(new FleetClient({ baseUrl: fleet.url, apiToken: 'wrong' }), 0);
      await expect(bad.send(laptop, 'lock')).rejects.toThrow(/Fleet 401/);
    });

    it('lets rate limits and server errors through to be retried', async () => {
      fleet.failNext(429);
      await expect(adapter().send(laptop, 'lock')).rejects.toBeInstanceOf(MdmUnavailable);
      fleet.failNext(500);
      await expect(
        adapter().result(laptop, 'lock', { providerCommandId: '8', sentAt: new Date() }),
      ).rejects.toMatchObject({
        name: 'MdmUnavailable',
        message: 'Fleet 500: Unknown Error: email not configured',
      });
    });

    it('reads the host search page after page until the serial matches (issue 27)', async () => {
      // 130 hosts whose names and serials contain the serial's text come first by hostname.
      for (let i = 0; i < 130; i++)
        fleet.addHost({ id: 100 + i, hostname: `a-C02XK1-${i}`, hardware_serial: `C02XK1-${i}` });
      const sent = await adapter().send(laptop, 'lock');
      expect(sent.providerCommandId).toBe('8');
      const searches = fleet.requests.filter((r) => r.path === '/api/v1/fleet/hosts');
      expect(searches.map((r) => [r.query.page, r.query.per_page, r.query.query])).toEqual([
        ['0', '100', 'C02XK1'],
        ['1', '100', 'C02XK1'],
      ]);
      // A text in 130 hosts' serials that is none's whole serial: every page read, then a refusal.
      fleet.requests.length = 0;
      await expect(adapter().send({ ...laptop, serialNumber: 'C02XK1-' }, 'lock')).rejects.toThrow(
        MdmCommandRejected,
      );
      expect(fleet.requests.map((r) => r.query.page)).toEqual(['0', '1']);
      await expect(adapter().send({ ...laptop, serialNumber: 'C02XK1-129' }, 'lock')).resolves.toEqual({
        providerCommandId: '229',
      });
    });

    it('honours Retry-After in seconds or as an HTTP date (issue 27)', async () => {
      const before = Date.now();
      fleet.failNext(429, { retryAfter: '60' });
      const inSeconds = (await adapter()
        .send(laptop, 'lock')
        .catch((e: unknown) => e)) as MdmUnavailable;
      expect(inSeconds).toBeInstanceOf(MdmUnavailable);
      expect(inSeconds.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
      expect(inSeconds.retryAt!.getTime()).toBeLessThan(Date.now() + 61_000);
      // A lookup refused unread: the command surely did not reach Fleet.
      expect(inSeconds.notDelivered).toBe(true);
      const date = new Date(Math.ceil(Date.now() / 1000) * 1000 + 120_000);
      fleet.failNext(429, { retryAfter: date.toUTCString() });
      const asDate = (await adapter()
        .send(laptop, 'lock')
        .catch((e: unknown) => e)) as MdmUnavailable;
      expect(asDate.retryAt).toEqual(date);
      const now = new Date('2026-11-27T03:00:00Z');
      expect(retryAfterOf('5', now)).toEqual(new Date('2026-11-27T03:00:05Z'));
      expect(retryAfterOf('Fri, 27 Nov 2026 03:01:00 GMT', now)).toEqual(new Date('2026-11-27T03:01:00Z'));
      for (const stale of [null, '', '0', 'soon', 'Fri, 27 Nov 2026 02:59:00 GMT'])
        expect(retryAfterOf(stale, now)).toBeNull();
    });

    it.each([
      ['hold', /^Fleet did not answer within 300 ms$/],
      ['drop', /^Could not reach Fleet/],
    ] as const)(
      'a lock whose answer is lost (%s) may have arrived: findSent reads the host’s pending action (issue 27)',
      async (how, message) => {
        const slow = new FleetMdmAdapter(
          new FleetClient({ baseUrl: fleet.url, apiToken: fleet.token }, fetch, 300),
          0,
        );
        const attemptedAt = new Date();
        expect(await slow.findSent(laptop, 'lock', attemptedAt)).toBeNull();
        fleet.loseNextAnswer(how);
        const lost = (await slow.send(laptop, 'lock').catch((e: unknown) => e)) as MdmUnavailable;
        fleet.releaseHeld();
        expect(lost).toBeInstanceOf(MdmUnavailable);
        expect(lost.message).toMatch(message);
        expect(lost.notDelivered).toBe(false);
        // Fleet has it: pending on the host, then carried out. Either way it is not sent again.
        expect(fleet.hosts.get(8)!.pending_action).toBe('lock');
        expect(await slow.findSent(laptop, 'lock', attemptedAt)).toEqual({ providerCommandId: '8' });
        fleet.hosts.get(8)!.pending_action = '';
        fleet.hosts.get(8)!.device_status = 'locked';
        expect(await slow.findSent(laptop, 'lock', attemptedAt)).toEqual({ providerCommandId: '8' });
        // A wipe (and a reset, which is one) is recognised by its own pending action.
        expect(await slow.findSent(laptop, 'wipe', attemptedAt)).toBeNull();
        fleet.hosts.get(8)!.pending_action = 'wipe';
        expect(await slow.findSent(laptop, 'reset', attemptedAt)).toEqual({ providerCommandId: '8' });
      },
    );
  });
});
