import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { DeviceSoftwarePage } from '@equip/domain/device-software';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../api/src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../api/src/test/app.ts';
import { createOrganization, createUser, tokenFor } from '../../api/src/test/factories.ts';
import { startSmtpPeer } from '../../api/src/test/smtp.ts';
import { main } from './cli.ts';
import { defaultConfigPath } from './config.ts';
import { readInstalledSoftware } from './software.ts';
import { readReportState } from './state.ts';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/equip-agent.mjs', import.meta.url));

describe('equip-agent against a real API server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let server: string;
  let email: string;
  /** An IT owner of the organisation, to read the device's software as its page does. */
  let ownerToken: string;
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const db = t.services.database.db;
    const org = await createOrganization(db, `Agent ${randomUUID().slice(0, 6)}`);
    email = (await createUser(db, { organizationUuid: org.uuid, firstName: 'Ada' })).email;
    ownerToken = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: org.uuid, role: 'it-owner', firstName: 'Olga' }),
    );
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.close();
  });

  /** The /start steps over HTTP: code, verify, register; returns the one-time agent token. */
  async function oneTimeToken(): Promise<string> {
    const post = async (route: string, body: unknown, token?: string) => {
      const res = await fetch(`${server}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (res.status === 204 ? null : await res.json()) as { accessToken: string; agentToken: string },
      };
    };
    const before = smtp.received.length;
    expect((await post('/api/enrollment/code', { email })).status).toBe(204);
    await t.services.deferred.drain();
    const mail = await smtp.waitFor(email, (m) => smtp.received.indexOf(m) >= before);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const session = await post('/api/enrollment/verify', { email, code, enrollmentFlow: 'WEB_UNKNOWN' });
    expect(session.status).toBe(200);
    const device = await post(
      '/api/enrollment/device',
      { enrollmentFlow: 'WEB_UNKNOWN' },
      session.body.accessToken,
    );
    expect(device.status).toBe(201);
    registeredName = (device.body as unknown as { deviceName: string }).deviceName;
    return device.body.agentToken;
  }
  /** The name the last registration gave its device. */
  let registeredName = '';

  it('enrols this machine and reports its real inventory; the device keeps its name and shows its hostname', async () => {
    const config = path.join(await mkdtemp(path.join(tmpdir(), 'agent-')), 'config.json');
    const token = await oneTimeToken();
    expect(await main(['enroll', '--server', server, '--token', token, '--config', config], io)).toBe(0);
    const saved = JSON.parse(await readFile(config, 'utf8'));
    expect(saved).toMatchObject({ server, agentToken: expect.stringMatching(/^eqa\./) });
    expect((await stat(config)).mode & 0o077).toBe(0);
    expect(await readReportState(config)).toMatchObject({
      lastResult: 'ok',
      lastSuccessAt: expect.any(String),
    });

    const [row] = await t.services.database.db
      .select()
      .from(devices)
      .where(eq(devices.uuid, saved.deviceUuid));
    // The name given at registration stays; the hostname is reported in the specification.
    expect(row).toMatchObject({ name: registeredName, enrollmentState: 'ENROLLED', status: 'active' });
    expect(row!.lastSeenAt).not.toBeNull();
    expect(row!.specification).toMatchObject({ hostname: hostname(), agentVersion: '0.1.0' });
    expect(Number(row!.specification!.memoryBytes)).toBeGreaterThan(0);

    // The installed command (the bundled agent in its own process) reports again.
    const before = row!.lastSeenAt!.getTime();
    const { stdout } = await run(process.execPath, [BIN, 'report', '--config', config], { timeout: 60_000 });
    expect(stdout).toContain(`device ${saved.deviceUuid}`);
    const [after] = await t.services.database.db
      .select()
      .from(devices)
      .where(eq(devices.uuid, saved.deviceUuid));
    expect(after!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before);

    // With this machine's installed applications (on Linux its dpkg packages), which the device's
    // software list shows (decision 026).
    const installed = await readInstalledSoftware();
    expect(stdout).toContain(`${installed!.length} installed applications`);
    // As the device page reads them: its software list, searched (GET /api/devices/:uuid/software).
    const page = async (query: string) => {
      const res = await fetch(`${server}/api/devices/${saved.deviceUuid}/software?${query}`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as DeviceSoftwarePage;
    };
    const all = await page('take=500');
    expect(all.total).toBe(installed!.length);
    expect(new Set(all.items.map((s) => s.source))).toEqual(new Set(['AGENT']));
    const first = installed![0]!;
    const found = await page(`textSearchQuery=${encodeURIComponent(first.name)}`);
    expect(found.items).toContainEqual(
      expect.objectContaining({ name: first.name, version: first.version, source: 'AGENT' }),
    );
  }, 90_000);

  it('refuses to report before enrolling, and a used one-time token', async () => {
    const config = path.join(await mkdtemp(path.join(tmpdir(), 'agent-')), 'config.json');
    lines.length = 0;
    expect(await main(['report', '--config', config], io)).toBe(1);
    expect(lines.join('\n')).toContain('Not enrolled yet');
    const token = await oneTimeToken();
    expect(await main(['enroll', '--server', server, '--token', token, '--config', config], io)).toBe(0);
    lines.length = 0;
    expect(await main(['enroll', '--server', server, '--token', token, '--config', config], io)).toBe(1);
    expect(lines.join('\n')).toContain('401');
    expect(await main(['enroll', '--server', server], io)).toBe(2);
  });

  it('keeps its credentials in the user configuration folder by default', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/equip-agent/config.json');
    expect(defaultConfigPath({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toContain(
      'equip-agent',
    );
  });
});
