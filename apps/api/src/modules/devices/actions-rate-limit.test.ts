import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices } from '../../db/schema/index.ts';
import { counter, RateLimiter } from '../../security/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { freshWindow } from '../../test/rate-windows.ts';
import { DEVICE_ACTION_POLICIES } from './actions-rate-limit.ts';

/**
 * Issue 24, a noisy neighbour: 866 lock commands were accepted from one organisation in 20 s. Each
 * organisation has a share of MDM commands (DEVICE_ACTION_POLICIES), a bulk action counted by the
 * commands it queues; past it the answer is 429 with Retry-After and nothing is queued.
 */
describe('the per-organisation limit of MDM commands', () => {
  let t: TestApp;
  let limiter: RateLimiter;
  const policy = DEVICE_ACTION_POLICIES.commandsPerOrganization;
  const requests = DEVICE_ACTION_POLICIES.requestsPerOrganization;
  const db = () => t.services.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    limiter = new RateLimiter(db());
  });
  afterAll(() => t?.app.close());

  /** An organisation with an it-owner and `count` managed, enrolled Macs. */
  async function organization(count: number) {
    const uuid = (await createOrganization(db(), `Commands ${randomUUID().slice(0, 6)}`)).uuid;
    const token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: uuid, role: 'it-owner' }),
    );
    const rows = await db()
      .insert(devices)
      .values(
        Array.from({ length: count }, (_, i) => ({
          organizationUuid: uuid,
          name: `Mac ${i}`,
          type: 'COMPUTER' as const,
          os: 'MACOS' as const,
          status: 'active' as const,
          enrollmentState: 'ENROLLED' as const,
          mdmProvider: 'JAMF' as const,
        })),
      )
      .returning({ uuid: devices.uuid });
    const post = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as never });
    const share = counter(policy, uuid);
    return {
      uuid,
      devices: rows.map((r) => r.uuid),
      post,
      share,
      used: () => limiter.count(share),
      commands: async () =>
        (await db().select().from(deviceCommands).where(eq(deviceCommands.organizationUuid, uuid))).length,
      jobs: async () =>
        Number(
          (
            await t.services.database.jobStore.executeSql(
              `select count(*)::int as n from pgboss.job where name = 'mdm.command' and data->>'organizationUuid' = $1`,
              [uuid],
            )
          ).rows[0]?.n,
        ),
    };
  }
  const expectRefused = (res: Awaited<ReturnType<TestApp['app']['inject']>>) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(policy.windowMs / 1000);
    expect(res.json().errors[0]).toMatchObject({ errorType: 'TooManyRequests', errorCode: 429 });
  };

  it('counts a bulk action by the devices it names and refuses one past the share, queuing nothing', async () => {
    const org = await organization(4);
    await freshWindow(policy);
    await freshWindow(requests);
    const [d1, d2, d3, d4] = org.devices as [string, string, string, string];
    const bulk = await org.post('/api/devices/actions', { action: 'lock', deviceUuids: [d1, d2, d2] });
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect(await org.used()).toBe(2);

    // Used up to two commands short of the share.
    await limiter.spend(org.share, policy.limit - 4);
    const [commands, jobs] = [await org.commands(), await org.jobs()];
    expectRefused(await org.post('/api/devices/actions', { action: 'restart', deviceUuids: [d2, d3, d4] }));
    expect(await org.commands()).toBe(commands);
    expect(await org.jobs()).toBe(jobs);
    expect(await org.used()).toBe(policy.limit - 2);

    // What fits goes through; then a single command past the share is refused too.
    expect(
      (await org.post('/api/devices/actions', { action: 'restart', deviceUuids: [d3, d4] })).statusCode,
    ).toBe(202);
    expect(await org.used()).toBe(policy.limit);
    expectRefused(await org.post(`/api/devices/${d1}/actions`, { action: 'restart' }));
    expect(await org.commands()).toBe(commands + 2);
    expect(await org.jobs()).toBe(jobs + 2);
  });

  it("gives back what a refused request asked for, and is one organisation's alone", async () => {
    const org = await organization(1);
    const other = await organization(1);
    await freshWindow(policy);
    await freshWindow(requests);
    const [d1] = org.devices as [string];
    // Refused as not applicable (409) or not found (404): nothing queued, nothing counted.
    expect((await org.post(`/api/devices/${d1}/actions`, { action: 'unlock' })).statusCode).toBe(409);
    expect((await org.post(`/api/devices/${randomUUID()}/actions`, { action: 'lock' })).statusCode).toBe(404);
    expect(
      (await org.post('/api/devices/actions', { action: 'lock', deviceUuids: [d1, randomUUID()] }))
        .statusCode,
    ).toBe(404);
    expect(await org.used()).toBe(0);
    expect(await limiter.count(counter(requests, org.uuid))).toBe(0);
    await limiter.spend(org.share, policy.limit - 1);
    expect(
      (await other.post(`/api/devices/${other.devices[0]}/actions`, { action: 'lock' })).statusCode,
    ).toBe(202);
    expect((await org.post(`/api/devices/${d1}/actions`, { action: 'lock' })).statusCode).toBe(202);
    const [commands, jobs] = [await org.commands(), await org.jobs()];
    expectRefused(await org.post(`/api/devices/${d1}/actions`, { action: 'restart' }));
    expect(await org.commands()).toBe(commands);
    expect(await org.jobs()).toBe(jobs);
  });

  it('refuses more action requests than the share in a short while, whatever they name', async () => {
    const org = await organization(1);
    await freshWindow(requests);
    const [d1] = org.devices as [string];
    // Nineteen requests have been made in these ten seconds; the twentieth goes through, not the next.
    await limiter.spend(counter(requests, org.uuid), requests.limit - 1);
    expect((await org.post(`/api/devices/${d1}/actions`, { action: 'lock' })).statusCode).toBe(202);
    const [commands, jobs] = [await org.commands(), await org.jobs()];
    expectRefused(await org.post('/api/devices/actions', { action: 'restart', deviceUuids: [d1] }));
    expectRefused(await org.post(`/api/devices/${d1}/actions`, { action: 'restart' }));
    expect(await org.commands()).toBe(commands);
    expect(await org.jobs()).toBe(jobs);
  });
});
