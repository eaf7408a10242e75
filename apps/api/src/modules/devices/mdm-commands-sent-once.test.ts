import { randomUUID } from 'node:crypto';
import { FailedJobsQuery } from '@equip/domain/jobs-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { EQUIP_VERSION } from '../../providers/outbound/public-fetch.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deviceCommands } from '../../test/device-commands.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';
import { MDM_JOB_RETRY_LIMIT } from './mdm-jobs.ts';

/** Fleet's host routes (the lookup and the commands): failures planted there spare the hourly connection check. */
const HOSTS = '/api/v1/fleet/hosts';

/**
 * Issue 27, item 0, against the local Fleet fake through the whole app (route, jobs, Fleet client): a
 * lock is sent once even when its answer is lost, a 429's Retry-After decides the next try, a command
 * being tried again shows its error and next try (API and a warn line), and one that gives up is a
 * failed command and a failed job. No waiting on the clock: the fake loses answers and answers errors on
 * request, and a planned retry is brought forward by moving its job's start.
 */
describe('MDM commands are sent once, and their retries are visible (issue 27)', () => {
  let t: TestApp;
  let app: App;
  let fleet: FleetFake;
  let orgUuid: string;
  let token: string;
  const warnings: { details: Record<string, unknown>; message: string }[] = [];

  const db = () => t.services.database.db;
  const sql = (text: string, params: unknown[] = []) =>
    t.services.database.jobStore.executeSql(text, params).then((r) => r.rows as Record<string, unknown>[]);

  let nextHost = 500;
  /** A Fleet host and the Equip device with its serial. */
  async function fleetDevice() {
    const id = nextHost++;
    const serial = `SENT${id}`;
    fleet.addHost({ id, hostname: `host-${id}`, hardware_serial: serial });
    const [row] = await db()
      .insert(devices)
      .values({
        organizationUuid: orgUuid,
        name: `Mac ${id}`,
        type: 'COMPUTER',
        os: 'MACOS',
        status: 'active',
        enrollmentState: 'ENROLLED',
        mdmProvider: 'FLEET',
        serialNumber: serial,
      })
      .returning({ uuid: devices.uuid });
    return { hostId: id, device: row!.uuid };
  }

  const commandJob = async (commandUuid: string) =>
    (
      await sql(
        `select id, state::text as state, start_after as "startAfter", retry_count as "retryCount"
           from pgboss.job where name = 'mdm.command' and data->>'commandUuid' = $1`,
        [commandUuid],
      )
    )[0] as { id: string; state: string; startAfter: Date; retryCount: number } | undefined;

  /** The planned retry of the command's job starts now instead of at its time. */
  const commands = deviceCommands(
    () => t,
    () => token,
  );
  const lock = (device: string) => commands.send(device, 'lock');
  const { until, retryNow } = commands;

  const lockRequests = (hostId: number) =>
    fleet.requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/fleet/hosts/${hostId}/lock`);

  beforeAll(async () => {
    fleet = await startFleetFake();
    // A held answer times out after 2 s (long enough for a loaded machine's ordinary answers).
    t = await createTestApp({
      env: { MDM_ALLOW_PRIVATE_SERVERS: 'true', MDM_REQUEST_TIMEOUT_MS: '2000' },
      log: {
        warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
      },
    });
    app = t.app;
    orgUuid = (await createOrganization(db(), `Sent once ${randomUUID().slice(0, 6)}`)).uuid;
    token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' }),
    );
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/mdm-connections/FLEET',
      headers: bearer(token),
      payload: { baseUrl: fleet.url, apiToken: fleet.token },
    });
    expect(connected.statusCode, connected.body).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await fleet.close();
  });
  beforeEach(() => {
    fleet.reportAfterReads(1);
    warnings.length = 0;
  });

  it.each([
    ['its answer takes longer than the timeout', 'hold'],
    ['the connection drops before its answer', 'drop'],
  ] as const)(
    'a lock is sent once when %s: the next try finds it pending at Fleet and follows it',
    async (_, how) => {
      const { hostId, device } = await fleetDevice();
      fleet.loseNextAnswer(how);
      const command = await lock(device);
      const done = await until(device, (c) => c.state === 'completed' || c.state === 'failed');
      fleet.releaseHeld();
      expect(done).toMatchObject({
        mdmStatus: 'locked',
        items: [{ uuid: command.uuid, state: 'completed', error: null }],
      });
      expect(lockRequests(hostId)).toHaveLength(1);
      // The try that lost the answer said so, with the next try's time.
      expect(warnings).toContainEqual({
        message: 'MDM command failed; tried again later',
        details: expect.objectContaining({ commandUuid: command.uuid, action: 'lock', try: 1 }),
      });
      // Equip names itself to Fleet.
      expect(lockRequests(hostId)[0]!.userAgent).toBe(`Equip/${EQUIP_VERSION} (+mdm)`);
    },
  );

  it('a 429’s Retry-After decides the next try, and the command shows the error and when', async () => {
    const { device } = await fleetDevice();
    const before = Date.now();
    fleet.failNext(429, { retryAfter: '60', path: HOSTS });
    const command = await lock(device);
    const retrying = await until(device, (c) => c.nextAttemptAt !== null);
    const shown = retrying.items[0]!;
    expect(shown).toMatchObject({
      state: 'queued',
      error: 'Fleet 429: limit exceeded, retry after: 3s: limit exceeded, retry after: 3s',
    });
    const next = new Date(shown.nextAttemptAt!).getTime();
    expect(next).toBeGreaterThanOrEqual(before + 60_000);
    expect(next).toBeLessThan(Date.now() + 62_000);
    // The queue tries again then, not after its own backoff (a second in tests).
    const job = await commandJob(command.uuid);
    expect(job).toMatchObject({ state: 'retry' });
    expect(job!.startAfter.getTime()).toBe(next);
    expect(warnings).toContainEqual({
      message: 'MDM command failed; tried again later',
      details: expect.objectContaining({
        commandUuid: command.uuid,
        error: shown.error,
        nextAttemptAt: shown.nextAttemptAt,
      }),
    });
    // Brought forward, the try goes through and the error is gone.
    await retryNow(command.uuid);
    const done = await until(device, (c) => c.state === 'completed');
    expect(done.items[0]).toMatchObject({ error: null, nextAttemptAt: null });
  });

  it('a command whose every try fails ends failed with the reason, and its job fails for good (jobs page)', async () => {
    const { hostId, device } = await fleetDevice();
    for (let i = 0; i <= MDM_JOB_RETRY_LIMIT; i++) fleet.failNext(500, { path: HOSTS });
    const command = await lock(device);
    const reason = 'Fleet 500: Unknown Error: email not configured';
    for (let tries = 1; tries <= MDM_JOB_RETRY_LIMIT; tries++) {
      // Each failed try shows on the command (still queued) and in the log before the next one.
      await expect
        .poll(() => warnings.filter((w) => w.details.commandUuid === command.uuid).length, {
          timeout: 20_000,
        })
        .toBe(tries);
      const shown = (await until(device, (c) => c.nextAttemptAt !== null)).items[0]!;
      expect(shown).toMatchObject({ state: 'queued', error: reason });
      expect(warnings.at(-1)!.details).toMatchObject({ try: tries, of: MDM_JOB_RETRY_LIMIT + 1 });
      await expect.poll(async () => (await commandJob(command.uuid))?.state).toBe('retry');
      await retryNow(command.uuid);
    }
    const failed = await until(device, (c) => c.state === 'failed');
    expect(failed.items[0]).toMatchObject({ state: 'failed', error: reason, nextAttemptAt: null });
    expect(warnings.at(-1)).toMatchObject({
      message: 'MDM command failed; no tries left',
      details: { commandUuid: command.uuid, try: MDM_JOB_RETRY_LIMIT + 1 },
    });
    await expect.poll(async () => (await commandJob(command.uuid))?.state).toBe('failed');
    const page = JSON.parse(
      await t.services.jobsAdmin.failed(FailedJobsQuery.parse({ queue: 'mdm.command', take: 100 })),
    ) as { items: { id: string; error: string; attempts: number }[] };
    const job = await commandJob(command.uuid);
    expect(page.items).toContainEqual(
      expect.objectContaining({ id: job!.id, error: reason, attempts: MDM_JOB_RETRY_LIMIT + 1 }),
    );
    // A dead letter is kept beside it.
    const [dead] = await sql(
      `select count(*)::int as n from pgboss.job where name = 'mdm.command.dead' and data->>'commandUuid' = $1`,
      [command.uuid],
    );
    expect(dead!.n).toBe(1);
    expect(lockRequests(hostId)).toHaveLength(0);
  }, 60_000);
});
