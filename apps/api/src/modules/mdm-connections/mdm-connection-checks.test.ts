import { randomUUID } from 'node:crypto';
import { MDM_CHECK_ERRORS } from '@equip/domain/mdm-connections';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventLog, mdmConnections, notifications } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { type FleetFake, startFleetFake } from '../../test/fleet-fake.ts';

const TOKEN_A = 'fleet-api-token-aaaa-0123456789';
const TOKEN_B = 'fleet-api-token-bbbb-0123456789';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The scheduled re-check of MDM connections (decision 015): `mdm.connections.plan` checks every
 * organisation's connection in its own tenant against its server (here local Fleet fakes), and a change
 * from working to failing or back is logged once and notified to that organisation's IT owners.
 */
describe('MDM connection checks (decision 015)', () => {
  let t: TestApp;
  let app: App;
  let fleetA: FleetFake;
  let fleetB: FleetFake;
  let orgA: string;
  let orgB: string;
  let ownersA: string[];
  let ownerB: string;
  let ownerA: string;
  let ownerAToken: string;
  let regularA: string;

  const db = () => t.services.database.db;
  const orgs = () => [orgA, orgB];

  const connectionOf = async (org: string) => {
    const [row] = await db().select().from(mdmConnections).where(eq(mdmConnections.organizationUuid, org));
    return row!;
  };
  const checkEvents = (org: string) =>
    db()
      .select({ type: eventLog.type, actorUuid: eventLog.actorUuid, data: eventLog.data })
      .from(eventLog)
      .where(
        and(
          eq(eventLog.organizationUuid, org),
          inArray(eventLog.type, ['MDM_CONNECTION_FAILED', 'MDM_CONNECTION_RESTORED']),
        ),
      )
      .orderBy(asc(eventLog.createdAt));
  const notificationsOf = (org: string) =>
    db()
      .select({
        userUuid: notifications.userUuid,
        kind: notifications.kind,
        severity: notifications.severity,
        params: notifications.params,
      })
      .from(notifications)
      .where(eq(notifications.organizationUuid, org))
      .orderBy(asc(notifications.createdAt), asc(notifications.userUuid));

  /** A fake's requests made with its organisation's token (a plan also checks other tests' leftovers). */
  const own = (fleet: FleetFake) => fleet.requests.filter((r) => r.authorization === `Bearer ${fleet.token}`);

  /** Runs the hourly plan once and waits until both organisations' connections were checked by it. */
  const runPlan = async () => {
    const since = new Date();
    expect(await t.services.jobs.send('mdm.connections.plan', {})).not.toBeNull();
    await until(async () => {
      const checked = await db()
        .select({ org: mdmConnections.organizationUuid })
        .from(mdmConnections)
        .where(
          and(inArray(mdmConnections.organizationUuid, orgs()), gte(mdmConnections.lastCheckedAt, since)),
        );
      return checked.length === 2;
    });
  };

  beforeAll(async () => {
    fleetA = await startFleetFake({ token: TOKEN_A });
    fleetB = await startFleetFake({ token: TOKEN_B });
    t = await createTestApp({ env: { MDM_ALLOW_PRIVATE_SERVERS: 'true' } });
    app = t.app;
    orgA = (await createOrganization(db(), `Checks A ${randomUUID().slice(0, 6)}`)).uuid;
    orgB = (await createOrganization(db(), `Checks B ${randomUUID().slice(0, 6)}`)).uuid;
    const a1 = await createUser(db(), { organizationUuid: orgA, role: 'it-owner' });
    const a2 = await createUser(db(), { organizationUuid: orgA, role: 'it-owner' });
    ownersA = [a1.uuid, a2.uuid].sort();
    ownerA = a1.uuid;
    ownerAToken = await tokenFor(t.services, a1);
    regularA = (await createUser(db(), { organizationUuid: orgA })).uuid;
    const b = await createUser(db(), { organizationUuid: orgB, role: 'it-owner' });
    ownerB = b.uuid;
    const ownerBToken = await tokenFor(t.services, b);
    for (const [token, fleet, apiToken] of [
      [ownerAToken, fleetA, TOKEN_A],
      [ownerBToken, fleetB, TOKEN_B],
    ] as const) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/mdm-connections/FLEET',
        headers: bearer(token),
        payload: { baseUrl: fleet.url, apiToken },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await app.close();
    await fleetA.close();
    await fleetB.close();
  });
  beforeEach(async () => {
    // Every test starts from two working connections and no check events or notifications.
    await db()
      .update(mdmConnections)
      .set({ lastError: null })
      .where(inArray(mdmConnections.organizationUuid, orgs()));
    await db()
      .delete(eventLog)
      .where(
        and(
          inArray(eventLog.organizationUuid, orgs()),
          inArray(eventLog.type, ['MDM_CONNECTION_FAILED', 'MDM_CONNECTION_RESTORED']),
        ),
      );
    await db().delete(notifications).where(inArray(notifications.organizationUuid, orgs()));
    fleetA.requests.length = 0;
    fleetB.requests.length = 0;
  });

  it('checks every connection with its own token and logs nothing while they keep working', async () => {
    await runPlan();
    expect(own(fleetA)).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/fleet/me' })]);
    expect(own(fleetB)).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/fleet/me' })]);
    for (const org of orgs()) {
      expect((await connectionOf(org)).lastError).toBeNull();
      expect(await checkEvents(org)).toEqual([]);
      expect(await notificationsOf(org)).toEqual([]);
    }
  });

  it('logs a connection that starts failing once, tells each IT owner, stays quiet while it fails and logs its recovery', async () => {
    fleetA.failNext(401);
    await runPlan();
    expect((await connectionOf(orgA)).lastError).toBe(MDM_CHECK_ERRORS.tokenRefused);
    const failed = {
      type: 'MDM_CONNECTION_FAILED',
      actorUuid: null,
      data: {
        provider: 'FLEET',
        baseUrl: fleetA.url,
        error: MDM_CHECK_ERRORS.tokenRefused,
        automatic: true,
      },
    };
    expect(await checkEvents(orgA)).toEqual([failed]);
    const told = await notificationsOf(orgA);
    expect(told.map((n) => n.userUuid).sort()).toEqual(ownersA);
    expect(told.map((n) => n.userUuid)).not.toContain(regularA);
    for (const n of told)
      expect(n).toMatchObject({
        kind: 'mdm.connection_failed',
        severity: 'negative',
        params: { provider: 'FLEET', error: MDM_CHECK_ERRORS.tokenRefused },
      });

    // Failing again (for another reason): recorded, but no second event or notification.
    fleetA.failNext(500);
    await runPlan();
    expect((await connectionOf(orgA)).lastError).toBe(MDM_CHECK_ERRORS.serverError);
    expect(await checkEvents(orgA)).toEqual([failed]);
    expect(await notificationsOf(orgA)).toHaveLength(2);

    // Working again: logged once, the IT owners told.
    await runPlan();
    expect((await connectionOf(orgA)).lastError).toBeNull();
    expect(await checkEvents(orgA)).toEqual([
      failed,
      {
        type: 'MDM_CONNECTION_RESTORED',
        actorUuid: null,
        data: {
          provider: 'FLEET',
          baseUrl: fleetA.url,
          previousError: MDM_CHECK_ERRORS.serverError,
          automatic: true,
        },
      },
    ]);
    const restored = (await notificationsOf(orgA)).filter((n) => n.kind === 'mdm.connection_restored');
    expect(restored.map((n) => n.userUuid).sort()).toEqual(ownersA);
    expect(restored[0]).toMatchObject({ severity: 'positive', params: { provider: 'FLEET' } });
    await runPlan();
    expect(await checkEvents(orgA)).toHaveLength(2);

    // The other organisation was checked all along, in its own tenant, and heard nothing.
    expect(own(fleetB)).toHaveLength(4);
    expect(await checkEvents(orgB)).toEqual([]);
    expect(await notificationsOf(orgB)).toEqual([]);
  });

  it("tells only the failing organisation's own IT owners", async () => {
    fleetB.failNext(500);
    await runPlan();
    expect((await connectionOf(orgB)).lastError).toBe(MDM_CHECK_ERRORS.serverError);
    expect((await connectionOf(orgA)).lastError).toBeNull();
    expect(await checkEvents(orgB)).toEqual([
      expect.objectContaining({ type: 'MDM_CONNECTION_FAILED', actorUuid: null }),
    ]);
    expect((await notificationsOf(orgB)).map((n) => n.userUuid)).toEqual([ownerB]);
    expect(await checkEvents(orgA)).toEqual([]);
    expect(await notificationsOf(orgA)).toEqual([]);
  });

  it('"Test connection" follows the same rule, with the person who asked as actor', async () => {
    const check = () =>
      app.inject({ method: 'POST', url: '/api/mdm-connections/FLEET/check', headers: bearer(ownerAToken) });
    fleetA.failNext(401);
    expect((await check()).json()).toMatchObject({ lastError: MDM_CHECK_ERRORS.tokenRefused });
    fleetA.failNext(401);
    expect((await check()).json()).toMatchObject({ lastError: MDM_CHECK_ERRORS.tokenRefused });
    expect((await check()).json()).toMatchObject({ lastError: null });
    expect(await checkEvents(orgA)).toEqual([
      {
        type: 'MDM_CONNECTION_FAILED',
        actorUuid: ownerA,
        data: { provider: 'FLEET', baseUrl: fleetA.url, error: MDM_CHECK_ERRORS.tokenRefused },
      },
      {
        type: 'MDM_CONNECTION_RESTORED',
        actorUuid: ownerA,
        data: { provider: 'FLEET', baseUrl: fleetA.url, previousError: MDM_CHECK_ERRORS.tokenRefused },
      },
    ]);
    expect((await notificationsOf(orgA)).map((n) => n.kind).sort()).toEqual([
      'mdm.connection_failed',
      'mdm.connection_failed',
      'mdm.connection_restored',
      'mdm.connection_restored',
    ]);
  });

  it('a check of a connection removed meanwhile does nothing', async () => {
    const other = (await createOrganization(db())).uuid;
    const id = await t.services.jobs.send('mdm.connections.check', {
      organizationUuid: other,
      provider: 'FLEET',
    });
    expect(id).not.toBeNull();
    await until(
      async () =>
        (await t.services.jobs.boss.getJobById('mdm.connections.check', id!))?.state === 'completed',
    );
    expect(await checkEvents(other)).toEqual([]);
  });
});
