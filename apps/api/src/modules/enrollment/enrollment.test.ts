import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_REPORTED_SOFTWARE } from '@equip/domain/device-software';
import type { AgentReport } from '@equip/domain/enrollment';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSoftware, devices, enrollments, eventLog, oneTimeTokens } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';

describe('unified enrolment and the agent (decision 013)', () => {
  let t: TestApp;
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let releases: string;
  let orgUuid: string;
  let otherOrgUuid: string;
  let anna: Awaited<ReturnType<typeof createUser>>;
  let bruno: Awaited<ReturnType<typeof createUser>>;
  let strangerDevice: string;

  const db = () => t.services.database.db;
  /** Each test calls from its own address, so the per-address limits of one do not touch another. */
  const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  const post = (url: string, payload: unknown, options: { token?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: options.token ? bearer(options.token) : {},
      payload: payload as never,
      remoteAddress: options.ip ?? '10.1.1.1',
    });

  async function mailedCode(email: string, ip: string): Promise<string> {
    const before = smtp.received.length;
    const res = await post('/api/enrollment/code', { email }, { ip });
    expect(res.statusCode, res.body).toBe(204);
    await t.services.deferred.drain();
    const mail = await smtp.waitFor(email, (m) => smtp.received.indexOf(m) >= before);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }

  async function sessionOf(person: { email: string }, flow = 'WEB_MAC') {
    const ip = address();
    const code = await mailedCode(person.email, ip);
    const res = await post(
      '/api/enrollment/verify',
      { email: person.email, code, enrollmentFlow: flow },
      { ip },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().accessToken as string;
  }

  async function registered(person: { email: string }, flow = 'WEB_MAC', serialNumber?: string) {
    const token = await sessionOf(person, flow);
    const res = await post('/api/enrollment/device', { enrollmentFlow: flow, serialNumber }, { token });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { deviceUuid: string; agentToken: string; deviceName: string };
  }

  async function enrolledAgent(person: { email: string }) {
    const { agentToken, deviceUuid } = await registered(person);
    const res = await post('/api/agent/enroll', { token: agentToken, os: 'MACOS' });
    expect(res.statusCode, res.body).toBe(200);
    return { deviceUuid, credential: res.json().agentToken as string };
  }

  const report = (over: Partial<AgentReport> = {}): AgentReport => ({
    reportId: randomUUID(),
    collectedAt: new Date().toISOString(),
    agentVersion: '0.1.0',
    hostname: 'annas-macbook',
    os: 'MACOS',
    osVersion: '15.1',
    model: 'MacBookPro18,3',
    manufacturer: 'Apple Inc.',
    serialNumber: 'C02TEST',
    cpu: 'Apple M1 Pro',
    memoryBytes: 17179869184,
    diskBytes: 494384795648,
    diskEncrypted: true,
    ...over,
  });

  const deviceRow = async (uuid: string) =>
    (await db().select().from(devices).where(eq(devices.uuid, uuid)))[0]!;
  const eventsOf = async (uuid: string, type: string) =>
    db()
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.subjectUuid, uuid), sql`${eventLog.type} = ${type}`));

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    releases = await mkdtemp(path.join(tmpdir(), 'companion-'));
    t = await createTestApp({ env: { SMTP_URL: smtp.url, COMPANION_RELEASES_DIR: releases } });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Enrol ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${randomUUID().slice(0, 6)}`)).uuid;
    anna = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Anna', lastName: 'Ågren' });
    bruno = await createUser(db(), { organizationUuid: orgUuid, firstName: 'Bruno', lastName: 'Berg' });
    const stranger = await createUser(db(), { organizationUuid: otherOrgUuid, firstName: 'Sam' });
    const [other] = await db()
      .insert(devices)
      .values({
        organizationUuid: otherOrgUuid,
        name: 'Other Mac',
        type: 'COMPUTER',
        os: 'MACOS',
        serialNumber: 'OTHER-SERIAL',
        assignmentType: 'ASSIGNED',
        assignedToUuid: stranger.uuid,
      })
      .returning();
    strangerDevice = other!.uuid;
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  describe('codes', () => {
    it('answers alike for a known and an unknown email, and mails only the known one', async () => {
      const ip = address();
      const before = smtp.received.length;
      const unknown = await post('/api/enrollment/code', { email: 'nobody-here@example.test' }, { ip });
      const known = await post('/api/enrollment/code', { email: anna.email.toUpperCase() }, { ip });
      expect(unknown.statusCode).toBe(204);
      expect(known.statusCode).toBe(204);
      expect(unknown.body).toBe(known.body);
      await t.services.deferred.drain();
      await smtp.waitFor(anna.email, (m) => smtp.received.indexOf(m) >= before);
      expect(smtp.received.slice(before).some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
    });

    it('refuses a malformed email with 400 at email', async () => {
      const res = await post('/api/enrollment/code', { email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].param).toBe('email');
    });

    it('limits requests per email and address (429)', async () => {
      const ip = address();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await post('/api/enrollment/code', { email: 'limit@example.test' }, { ip })).statusCode,
        );
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
      await t.services.deferred.drain();
    });

    it('refuses a wrong code, an unknown email and a code for another person with the same 400', async () => {
      const ip = address();
      const code = await mailedCode(bruno.email, ip);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [
        await post(
          '/api/enrollment/verify',
          { email: bruno.email, code: wrong, enrollmentFlow: 'WEB_MAC' },
          { ip },
        ),
        await post(
          '/api/enrollment/verify',
          { email: 'ghost@example.test', code, enrollmentFlow: 'WEB_MAC' },
          { ip },
        ),
        await post('/api/enrollment/verify', { email: anna.email, code, enrollmentFlow: 'WEB_MAC' }, { ip }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          msg: 'The code is not valid or has expired',
          param: 'code',
        });
      }
      // Bruno's right code still works after one wrong try.
      const ok = await post(
        '/api/enrollment/verify',
        { email: bruno.email, code, enrollmentFlow: 'WEB_PC' },
        { ip },
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ userFirstName: 'Bruno', organizationIcon: null });
      expect(ok.json().tokenExpiryTime).toBeGreaterThan(Date.now());
      // …once.
      const again = await post(
        '/api/enrollment/verify',
        { email: bruno.email, code, enrollmentFlow: 'WEB_PC' },
        { ip },
      );
      expect(again.statusCode).toBe(400);
    });

    it('retires a code after five wrong tries', async () => {
      const ip = address();
      const code = await mailedCode(bruno.email, ip);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        await post(
          '/api/enrollment/verify',
          { email: bruno.email, code: wrong, enrollmentFlow: 'WEB_MAC' },
          { ip },
        );
      const res = await post(
        '/api/enrollment/verify',
        { email: bruno.email, code, enrollmentFlow: 'WEB_MAC' },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    });

    it('refuses an expired code', async () => {
      const ip = address();
      const code = await mailedCode(bruno.email, ip);
      await db()
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(oneTimeTokens.userUuid, bruno.uuid), eq(oneTimeTokens.purpose, 'enrollment-code')));
      const res = await post(
        '/api/enrollment/verify',
        { email: bruno.email, code, enrollmentFlow: 'WEB_MAC' },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    });

    it('refuses a malformed code or flow with 400', async () => {
      const bad = await post('/api/enrollment/verify', {
        email: anna.email,
        code: '12ab',
        enrollmentFlow: 'WEB_MAC',
      });
      expect(bad.statusCode).toBe(400);
      const flow = await post('/api/enrollment/verify', {
        email: anna.email,
        code: '123456',
        enrollmentFlow: 'LINUX',
      });
      expect(flow.statusCode).toBe(400);
    });
  });

  describe('device registration', () => {
    it('adds the device a person enrols from the browser, pending enrolment, assigned to them', async () => {
      const { deviceUuid, agentToken, deviceName } = await registered(anna, 'WEB_MAC');
      expect(deviceName).toBe("Anna's Mac");
      expect(agentToken).toMatch(/^eqe\./);
      const row = await deviceRow(deviceUuid);
      expect(row).toMatchObject({
        organizationUuid: orgUuid,
        assignedToUuid: anna.uuid,
        os: 'MACOS',
        enrollmentState: 'PENDING_ENROLLMENT',
      });
      // Only the token's hash is stored.
      const stored = await db().select().from(enrollments).where(eq(enrollments.deviceUuid, deviceUuid));
      expect(JSON.stringify(stored)).not.toContain(agentToken.split('.')[2]);
      expect(await eventsOf(deviceUuid, 'DEVICE_ADDED')).toHaveLength(1);
    });

    it('enrols the pre-registered device of an ABM flow, and answers "Device not recognised" otherwise', async () => {
      const [abm] = await db()
        .insert(devices)
        .values({
          organizationUuid: orgUuid,
          name: 'Company iPad',
          type: 'TABLET',
          os: 'IOS',
          serialNumber: 'ABM-IPAD-1',
          assignmentType: 'ASSIGNED',
          assignedToUuid: bruno.uuid,
        })
        .returning();
      const token = await sessionOf(bruno, 'ABM_IPAD');
      const found = await post(
        '/api/enrollment/device',
        { enrollmentFlow: 'ABM_IPAD', serialNumber: 'abm-ipad-1' },
        { token },
      );
      expect(found.statusCode, found.body).toBe(201);
      expect(found.json().deviceUuid).toBe(abm!.uuid);
      const missing = await post('/api/enrollment/device', { enrollmentFlow: 'ABM_MAC' }, { token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errors[0].msg).toBe('Device not recognised');
      const unknown = await post('/api/enrollment/device', { enrollmentFlow: 'ABM_UNKNOWN' }, { token });
      expect(unknown.statusCode).toBe(404);
    });

    it("never reaches another organisation's device", async () => {
      const token = await sessionOf(bruno, 'ABM_MAC');
      const res = await post(
        '/api/enrollment/device',
        { enrollmentFlow: 'ABM_MAC', serialNumber: 'OTHER-SERIAL' },
        { token },
      );
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(strangerDevice);
      expect((await deviceRow(strangerDevice)).enrollmentState).toBe('READY_TO_ENROLL');
    });

    it('answers 401 without a session, with a forged or expired one, and 400 for a bad body', async () => {
      const body = { enrollmentFlow: 'WEB_MAC' };
      expect((await post('/api/enrollment/device', body)).statusCode).toBe(401);
      const forged = `ees.${orgUuid}.${'x'.repeat(43)}`;
      expect((await post('/api/enrollment/device', body, { token: forged })).statusCode).toBe(401);
      const token = await sessionOf(anna);
      expect((await post('/api/enrollment/device', { enrollmentFlow: 'NOPE' }, { token })).statusCode).toBe(
        400,
      );
      // The same secret under another organisation's id is not found there.
      const moved = token.replace(orgUuid, otherOrgUuid);
      expect((await post('/api/enrollment/device', body, { token: moved })).statusCode).toBe(401);
      await db()
        .update(enrollments)
        .set({ sessionExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(enrollments.userUuid, anna.uuid));
      expect((await post('/api/enrollment/device', body, { token })).statusCode).toBe(401);
    });
  });

  describe('agent', () => {
    it('trades the one-time token for a credential: the device is enrolled, DEVICE_ENROLLED logged, once', async () => {
      const { agentToken, deviceUuid } = await registered(anna);
      // As a device wiped by its MDM and set up again would be.
      await db().update(devices).set({ mdmStatus: 'wiped' }).where(eq(devices.uuid, deviceUuid));
      const res = await post('/api/agent/enroll', { token: agentToken, os: 'MACOS' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ deviceUuid, organizationName: expect.stringContaining('Enrol') });
      expect(res.json().agentToken).toMatch(/^eqa\./);
      // Enrolled again, it is no longer 'wiped': actions can reach it.
      expect(await deviceRow(deviceUuid)).toMatchObject({
        enrollmentState: 'ENROLLED',
        status: 'active',
        mdmStatus: null,
      });
      expect(await eventsOf(deviceUuid, 'DEVICE_ENROLLED')).toHaveLength(1);
      expect((await post('/api/agent/enroll', { token: agentToken })).statusCode).toBe(401);
    });

    it('fails the enrolment with its reason for an expired token or another OS', async () => {
      const expired = await registered(anna);
      await db()
        .update(enrollments)
        .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(enrollments.deviceUuid, expired.deviceUuid));
      const late = await post('/api/agent/enroll', { token: expired.agentToken });
      expect(late.statusCode).toBe(401);
      expect((await deviceRow(expired.deviceUuid)).enrollmentState).toBe('FAILED_ENROLLMENT');
      const [row] = await db()
        .select()
        .from(enrollments)
        .where(eq(enrollments.deviceUuid, expired.deviceUuid));
      expect(row!.failureReason).toBe('token_expired');

      const other = await registered(anna);
      const wrongOs = await post('/api/agent/enroll', { token: other.agentToken, os: 'WINDOWS' });
      expect(wrongOs.statusCode).toBe(409);
      expect((await deviceRow(other.deviceUuid)).enrollmentState).toBe('FAILED_ENROLLMENT');
    });

    it('refuses a malformed enrol request with 400 and an unknown token with 401', async () => {
      expect((await post('/api/agent/enroll', {})).statusCode).toBe(400);
      expect((await post('/api/agent/enroll', { token: 'nonsense' })).statusCode).toBe(401);
    });

    it('records a check-in on the device, once per report', async () => {
      const { deviceUuid, credential } = await enrolledAgent(anna);
      const registered = (await deviceRow(deviceUuid)).name;
      const first = report();
      const res = await post('/api/agent/check-ins', first, { token: credential });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deviceUuid, duplicate: false });
      const row = await deviceRow(deviceUuid);
      // The name given at registration stays; the hostname is part of the specification.
      expect(registered).not.toBe('annas-macbook');
      expect(row.specification).toMatchObject({ hostname: 'annas-macbook' });
      expect(row).toMatchObject({
        name: registered,
        osVersion: '15.1',
        model: 'MacBookPro18,3',
        serialNumber: 'C02TEST',
        isEncrypted: true,
      });
      expect(row.specification).toMatchObject({ cpu: 'Apple M1 Pro', memoryBytes: '17179869184' });
      expect(row.lastSeenAt).not.toBeNull();

      // The same report again (a retry), or an older one arriving late, changes nothing.
      await db().update(devices).set({ name: 'renamed' }).where(eq(devices.uuid, deviceUuid));
      const again = await post('/api/agent/check-ins', first, { token: credential });
      expect(again.json()).toEqual({ deviceUuid, duplicate: true });
      const older = report({ collectedAt: new Date(Date.now() - 60_000).toISOString() });
      expect((await post('/api/agent/check-ins', older, { token: credential })).json().duplicate).toBe(true);
      expect((await deviceRow(deviceUuid)).name).toBe('renamed');
    });

    it('leaves the device row alone for an unchanged report until last seen is 5 minutes old', async () => {
      const { deviceUuid, credential } = await enrolledAgent(bruno);
      const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
      await post('/api/agent/check-ins', report({ collectedAt: at(0) }), { token: credential });
      const seen = (await deviceRow(deviceUuid)).lastSeenAt!.getTime();
      const same = await post('/api/agent/check-ins', report({ collectedAt: at(1000) }), {
        token: credential,
      });
      expect(same.json().duplicate).toBe(false);
      expect((await deviceRow(deviceUuid)).lastSeenAt!.getTime()).toBe(seen);
      await post('/api/agent/check-ins', report({ collectedAt: at(2000), osVersion: '15.2' }), {
        token: credential,
      });
      expect(await deviceRow(deviceUuid)).toMatchObject({ osVersion: '15.2' });
      const ten = new Date(Date.now() - 10 * 60_000);
      await db().update(devices).set({ lastSeenAt: ten }).where(eq(devices.uuid, deviceUuid));
      await post('/api/agent/check-ins', report({ collectedAt: at(3000), osVersion: '15.2' }), {
        token: credential,
      });
      expect((await deviceRow(deviceUuid)).lastSeenAt!.getTime()).toBeGreaterThan(ten.getTime());
    });

    it('logs one SECURITY_ALERT when the device reports itself unencrypted', async () => {
      const { deviceUuid, credential } = await enrolledAgent(anna);
      await post('/api/agent/check-ins', report({ diskEncrypted: true }), { token: credential });
      const off = report({ diskEncrypted: false, collectedAt: new Date(Date.now() + 1000).toISOString() });
      await post('/api/agent/check-ins', off, { token: credential });
      await post('/api/agent/check-ins', off, { token: credential });
      const alerts = await eventsOf(deviceUuid, 'SECURITY_ALERT');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.data).toMatchObject({ lost: ['encryption'], via: 'agent' });
      expect((await deviceRow(deviceUuid)).isEncrypted).toBe(false);
    });

    it("keeps the installed applications a report carries as the device's list from the agent (decision 026)", async () => {
      const { deviceUuid, credential } = await enrolledAgent(anna);
      const app = (name: string, version: string, bundleId: string | null = null) => ({
        name,
        version,
        bundleId,
        packageId: bundleId ? null : name,
        path: null,
      });
      const listed = async () =>
        (
          await db()
            .select({
              name: deviceSoftware.name,
              version: deviceSoftware.version,
              source: deviceSoftware.source,
            })
            .from(deviceSoftware)
            .where(eq(deviceSoftware.deviceUuid, deviceUuid))
        ).sort((a, b) => a.name.localeCompare(b.name));
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      const first = report({
        collectedAt: at(0),
        software: [app('Slack', '4.41.105', 'com.tinyspeck.slackmacgap'), app('bash', '5.2.15')],
      });
      expect((await post('/api/agent/check-ins', first, { token: credential })).statusCode).toBe(200);
      expect(await listed()).toEqual([
        { name: 'bash', version: '5.2.15', source: 'AGENT' },
        { name: 'Slack', version: '4.41.105', source: 'AGENT' },
      ]);
      // The same report again changes nothing, even with another list; a report without one keeps it.
      await post('/api/agent/check-ins', { ...first, software: [] }, { token: credential });
      await post('/api/agent/check-ins', report({ collectedAt: at(1000) }), { token: credential });
      expect(await listed()).toHaveLength(2);
      // The next list replaces it whole.
      await post(
        '/api/agent/check-ins',
        report({ collectedAt: at(2000), software: [app('bash', '5.2.21')] }),
        {
          token: credential,
        },
      );
      expect(await listed()).toEqual([{ name: 'bash', version: '5.2.21', source: 'AGENT' }]);
      // Too many, or a malformed entry: 400, and nothing changes.
      const tooMany = Array.from({ length: MAX_REPORTED_SOFTWARE + 1 }, (_, i) => app(`pkg-${i}`, '1'));
      const big = await post('/api/agent/check-ins', report({ collectedAt: at(3000), software: tooMany }), {
        token: credential,
      });
      expect(big.statusCode).toBe(400);
      const nameless = report({ collectedAt: at(4000), software: [{ ...app('x', '1'), name: '' }] });
      expect((await post('/api/agent/check-ins', nameless, { token: credential })).statusCode).toBe(400);
      expect(await listed()).toEqual([{ name: 'bash', version: '5.2.21', source: 'AGENT' }]);
    });

    it('limits check-ins per device (429 with Retry-After)', async () => {
      const { credential } = await enrolledAgent(anna);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await post('/api/agent/check-ins', report(), { token: credential })).statusCode);
      // All in one minute unless the minute turns over mid-loop.
      expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(1);
      if (statuses.includes(429)) {
        const res = await post('/api/agent/check-ins', report(), { token: credential });
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('answers 401 without, with a forged or a replaced credential, and 400 for a bad report', async () => {
      expect((await post('/api/agent/check-ins', report())).statusCode).toBe(401);
      expect((await post('/api/agent/check-ins', report(), { token: `eqa.${orgUuid}.abc` })).statusCode).toBe(
        401,
      );
      const { credential } = await enrolledAgent(bruno);
      expect(
        (await post('/api/agent/check-ins', report(), { token: credential.replace(orgUuid, otherOrgUuid) }))
          .statusCode,
      ).toBe(401);
      expect(
        (await post('/api/agent/check-ins', { ...report(), os: 'LINUX' }, { token: credential })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/agent/check-ins', { ...report(), reportId: 'x' }, { token: credential }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('companion downloads', () => {
    it('explains with 404 when no installer is configured, and serves the newest one when it is', async () => {
      const installers = async () =>
        (await app.inject({ method: 'GET', url: '/api/companion/installers' })).json();
      expect(await installers()).toEqual({ macos: false, windows: false });
      const missing = await app.inject({ method: 'GET', url: '/downloads/companion/latest.exe' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errors[0].msg).toContain('No companion installer for Windows');
      await writeFile(path.join(releases, 'EquipCompanion-1.2.0.pkg'), 'pkg-bytes');
      const res = await app.inject({ method: 'GET', url: '/downloads/companion/latest.pkg' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('pkg-bytes');
      expect(res.headers['content-disposition']).toContain('EquipCompanion-1.2.0.pkg');
      // Asked without a session, as the register-devices steps and /start do before offering it.
      expect(await installers()).toEqual({ macos: true, windows: false });
    });
  });
});
