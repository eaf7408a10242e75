import { randomUUID } from 'node:crypto';
import type {
  HardwareRequestOutcome,
  HardwareRequestPage,
  RequestableModels,
} from '@equip/domain/hardware-requests';
import type { CatalogItem, ProcurementDraftRecord } from '@equip/domain/procurement';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, hardwareRequests, notifications, procurementDrafts } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, setFeatureFlag, tokenFor } from '../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PUT';

describe('hardware requests (issue 31 item 4, decision 037)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerUuid: string;
  let ownerToken: string;
  let adminToken: string;
  let requesterUuid: string;
  let requesterToken: string;
  let colleagueToken: string;
  let otherOwnerToken: string;
  let otherRegularToken: string;
  let laptop: CatalogItem;
  let restoreFlag: () => Promise<void>;
  const tag = randomUUID().slice(0, 8);

  const db = () => t.services.database.db;
  const call = (method: Method, url: string, payload?: unknown, token: string | null = requesterToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const ok = async <T>(
    method: Method,
    url: string,
    payload?: unknown,
    status = 200,
    token = requesterToken,
  ) => {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const ask = (reason = `Need a laptop ${tag}`, token = requesterToken, extra: object = {}) =>
    ok<HardwareRequestOutcome>(
      'POST',
      '/api/procurement/hardware-requests',
      { deviceType: 'COMPUTER', reason, ...extra },
      201,
      token,
    );
  const requestRow = async (uuid: string) =>
    (await db().select().from(hardwareRequests).where(eq(hardwareRequests.uuid, uuid)))[0];
  const notificationsOf = async (userUuid: string, kind: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userUuid, userUuid), eq(notifications.kind, kind as never)));

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    restoreFlag = await setFeatureFlag(db(), 'it-2305-hardware-requests', 'on');
    orgUuid = (await createOrganization(db(), `Requests ${tag}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other requests ${tag}`)).uuid;
    const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
    ownerUuid = owner.uuid;
    ownerToken = await tokenFor(t.services, owner);
    adminToken = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: orgUuid, role: 'equip-admin' }),
      orgUuid,
    );
    const requester = await createUser(db(), {
      organizationUuid: orgUuid,
      firstName: 'Rhea',
      lastName: 'Requester',
    });
    requesterUuid = requester.uuid;
    requesterToken = await tokenFor(t.services, requester);
    colleagueToken = await tokenFor(t.services, await createUser(db(), { organizationUuid: orgUuid }));
    otherOwnerToken = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: otherOrgUuid, role: 'it-owner' }),
    );
    otherRegularToken = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: otherOrgUuid }),
    );
    laptop = await ok<CatalogItem>(
      'POST',
      '/api/procurement/catalog',
      {
        scope: 'Organization',
        label: `ThinkPad ${tag}`,
        deviceType: 'COMPUTER',
        operatingSystem: 'WINDOWS',
        manufacturer: 'Lenovo',
        modelName: 'T14',
        specifications: [{ priceCents: 99_900, memory: '32 GB' }],
      },
      201,
      ownerToken,
    );
  });
  afterAll(async () => {
    await restoreFlag();
    await t.app.close();
  });

  describe('POST /api/procurement/hardware-requests', () => {
    it('a regular user asks for themselves; the IT owners are told who and why', async () => {
      const created = await ask(`  Mine broke ${tag}  `);
      expect(created).toMatchObject({ status: 'requested', draftUuid: null });
      const row = await requestRow(created.uuid);
      expect(row).toMatchObject({
        organizationUuid: orgUuid,
        requesterUserUuid: requesterUuid,
        reason: `Mine broke ${tag}`,
        deviceType: 'COMPUTER',
      });
      const told = await notificationsOf(ownerUuid, 'hardware_request.created');
      expect(told.map((n) => n.params)).toContainEqual({
        requestUuid: created.uuid,
        requesterName: 'Rhea Requester',
        reason: `Mine broke ${tag}`,
      });
      const [event] = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.type, 'HARDWARE_REQUEST_CREATED'), eq(eventLog.subjectUuid, requesterUuid)));
      expect(event?.data).toMatchObject({ requestUuid: created.uuid, requesterName: 'Rhea Requester' });
    });

    it('takes a catalog model of the type asked for', async () => {
      const created = await ask(`With a model ${tag}`, requesterToken, {
        specificationUuid: laptop.specifications[0]!.uuid,
      });
      expect((await requestRow(created.uuid))?.specificationUuid).toBe(laptop.specifications[0]!.uuid);
    });

    it('refuses a missing or blank reason, an unknown type, a model of another type or organisation; writes nothing', async () => {
      const before = (await db().select().from(hardwareRequests)).length;
      for (const body of [
        { deviceType: 'COMPUTER' },
        { deviceType: 'COMPUTER', reason: '   ' },
        { deviceType: 'COMPUTER', reason: 'x'.repeat(1001) },
        { deviceType: 'TOASTER', reason: 'Toast' },
      ]) {
        const res = await call('POST', '/api/procurement/hardware-requests', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors?.length ?? res.json().length).toBeGreaterThan(0);
      }
      const wrongType = await call('POST', '/api/procurement/hardware-requests', {
        deviceType: 'PHONE',
        reason: 'A phone',
        specificationUuid: laptop.specifications[0]!.uuid,
      });
      expect(wrongType.statusCode).toBe(400);
      const foreign = await call(
        'POST',
        '/api/procurement/hardware-requests',
        { deviceType: 'COMPUTER', reason: 'Theirs', specificationUuid: laptop.specifications[0]!.uuid },
        otherRegularToken,
      );
      expect(foreign.statusCode).toBe(404);
      expect((await db().select().from(hardwareRequests)).length).toBe(before);
    });

    it('needs a token', async () => {
      const res = await call(
        'POST',
        '/api/procurement/hardware-requests',
        { deviceType: 'PHONE', reason: 'x' },
        null,
      );
      expect(res.statusCode).toBe(401);
    });

    it('is 404 while the flag is off (and the lists are empty)', async () => {
      const restore = await setFeatureFlag(db(), 'it-2305-hardware-requests', 'off');
      try {
        const res = await call('POST', '/api/procurement/hardware-requests', {
          deviceType: 'PHONE',
          reason: 'x',
        });
        expect(res.statusCode).toBe(404);
        const mine = await ok<HardwareRequestPage>('GET', '/api/procurement/hardware-requests/mine');
        expect(mine).toMatchObject({ items: [], total: 0 });
      } finally {
        await restore();
      }
    });
  });

  describe('GET lists', () => {
    it('the requester sees only their own, newest first', async () => {
      const mine = await ask(`Listed ${tag}`);
      await ask(`A colleague's ${tag}`, colleagueToken);
      const page = await ok<HardwareRequestPage>('GET', '/api/procurement/hardware-requests/mine');
      expect(page.items[0]?.uuid).toBe(mine.uuid);
      expect(page.items.every((item) => item.requester?.uuid === requesterUuid)).toBe(true);
      expect(page.items[0]).toMatchObject({
        status: 'requested',
        reason: `Listed ${tag}`,
        decisionReason: null,
      });
    });

    it('a requester reads the models they may name (their organisation’s and General, of a type); no token is 401', async () => {
      const models = await ok<RequestableModels>(
        'GET',
        '/api/procurement/hardware-requests/models?deviceType=COMPUTER',
      );
      expect(models.items.map((m) => m.specificationUuid)).toContain(laptop.specifications[0]!.uuid);
      expect(models.items.every((m) => m.deviceType === 'COMPUTER')).toBe(true);
      expect(JSON.stringify(models)).not.toContain('priceCents');
      const theirs = await ok<RequestableModels>(
        'GET',
        '/api/procurement/hardware-requests/models',
        undefined,
        200,
        otherRegularToken,
      );
      expect(theirs.items.map((m) => m.specificationUuid)).not.toContain(laptop.specifications[0]!.uuid);
      expect(
        (await call('GET', '/api/procurement/hardware-requests/models?deviceType=TOASTER')).statusCode,
      ).toBe(400);
      expect(
        (await call('GET', '/api/procurement/hardware-requests/models', undefined, null)).statusCode,
      ).toBe(401);
    });

    it('IT owners and provider admins list the organisation’s, filtered by status; another organisation sees none', async () => {
      await ask(`Org list ${tag}`);
      for (const token of [ownerToken, adminToken]) {
        const page = await ok<HardwareRequestPage>(
          'GET',
          '/api/procurement/hardware-requests?statuses=requested',
          undefined,
          200,
          token,
        );
        expect(page.items.length).toBeGreaterThan(1);
        expect(page.items.every((item) => item.status === 'requested')).toBe(true);
        const times = page.items.map((item) => item.createdAt);
        expect([...times].sort().reverse()).toEqual(times);
      }
      const theirs = await ok<HardwareRequestPage>(
        'GET',
        '/api/procurement/hardware-requests',
        undefined,
        200,
        otherOwnerToken,
      );
      expect(theirs.items).toEqual([]);
    });

    it('a regular user cannot see others’ requests; bad filters are 400; no token is 401', async () => {
      expect((await call('GET', '/api/procurement/hardware-requests')).statusCode).toBe(403);
      expect(
        (await call('GET', '/api/procurement/hardware-requests?statuses=nonsense', undefined, ownerToken))
          .statusCode,
      ).toBe(400);
      expect((await call('GET', '/api/procurement/hardware-requests', undefined, null)).statusCode).toBe(401);
      expect((await call('GET', '/api/procurement/hardware-requests/mine', undefined, null)).statusCode).toBe(
        401,
      );
    });
  });

  describe('approve', () => {
    it('makes a HardwareRequest draft for the requester with the chosen model; the requester is told', async () => {
      const created = await ask(`Approve me ${tag}`, requesterToken, {
        specificationUuid: laptop.specifications[0]!.uuid,
      });
      const approved = await ok<HardwareRequestOutcome>(
        'POST',
        `/api/procurement/hardware-requests/${created.uuid}/approve`,
        undefined,
        200,
        ownerToken,
      );
      expect(approved.status).toBe('approved');
      expect(approved.draftUuid).toBeTruthy();
      const [draft] = await db()
        .select()
        .from(procurementDrafts)
        .where(eq(procurementDrafts.uuid, approved.draftUuid!));
      expect(draft).toMatchObject({
        procurementIntent: 'HardwareRequest',
        buyerUserUuid: ownerUuid,
        recipientUserUuid: requesterUuid,
        items: [{ quantity: 1, procurementItemSpecificationUuid: laptop.specifications[0]!.uuid }],
      });
      expect(draft?.deliveryAddress.recipient).toBe('Rhea Requester');
      expect(await requestRow(created.uuid)).toMatchObject({
        decidedByUserUuid: ownerUuid,
        status: 'approved',
      });
      const told = await notificationsOf(requesterUuid, 'hardware_request.approved');
      expect(told.map((n) => n.params)).toContainEqual({ requestUuid: created.uuid });
      const page = await ok<HardwareRequestPage>('GET', '/api/procurement/hardware-requests/mine');
      expect(page.items.find((item) => item.uuid === created.uuid)).toMatchObject({
        status: 'approved',
        draftUuid: approved.draftUuid,
        specification: expect.objectContaining({ label: `ThinkPad ${tag}`, priceCents: 99_900 }),
      });

      // The draft is not sent before the wizard completed it; then it is (the wizard's PUT).
      const early = await call(
        'POST',
        '/api/procurement/checkouts',
        { procurementProviderKind: 'TopiComspot', procurementUuid: approved.draftUuid },
        ownerToken,
      );
      expect(early.statusCode).toBe(400);
      const completed = await ok<ProcurementDraftRecord>(
        'PUT',
        `/api/procurement/drafts/${approved.draftUuid}`,
        {
          procurementIntent: 'HardwareRequest',
          buyerUserUuid: ownerUuid,
          recipientUserUuid: requesterUuid,
          deliveryAddress: {
            recipient: 'Rhea Requester',
            address: 'Torstraße 49',
            city: 'Berlin',
            postalCode: '10119',
            country: 'de',
          },
          items: [{ quantity: 1, procurementItemSpecificationUuid: laptop.specifications[0]!.uuid }],
        },
        200,
        ownerToken,
      );
      expect(completed).toMatchObject({ uuid: approved.draftUuid, procurementIntent: 'HardwareRequest' });
      expect(completed.deliveryAddress.country).toBe('DE');
    });

    it('a provider admin acting for the organisation approves too', async () => {
      const created = await ask(`Admin approves ${tag}`);
      const approved = await ok<HardwareRequestOutcome>(
        'POST',
        `/api/procurement/hardware-requests/${created.uuid}/approve`,
        undefined,
        200,
        adminToken,
      );
      expect(approved.status).toBe('approved');
    });

    it('refuses a decided request (409), a regular user (403), another organisation (404), no token (401), a bad id (400)', async () => {
      const created = await ask(`Twice ${tag}`);
      const url = `/api/procurement/hardware-requests/${created.uuid}/approve`;
      expect((await call('POST', url, undefined, requesterToken)).statusCode).toBe(403);
      expect((await call('POST', url, undefined, otherOwnerToken)).statusCode).toBe(404);
      expect((await call('POST', url, undefined, null)).statusCode).toBe(401);
      expect(
        (await call('POST', '/api/procurement/hardware-requests/not-a-uuid/approve', undefined, ownerToken))
          .statusCode,
      ).toBe(400);
      expect((await requestRow(created.uuid))?.status).toBe('requested');
      await ok('POST', url, undefined, 200, ownerToken);
      const drafts = (await db().select().from(procurementDrafts)).length;
      const again = await call('POST', url, undefined, ownerToken);
      expect(again.statusCode).toBe(409);
      expect(JSON.stringify(again.json())).toContain('IllegalStatusTransition');
      expect((await db().select().from(procurementDrafts)).length).toBe(drafts);
    });
  });

  describe('decline', () => {
    it('needs a reason, which the requester is told and sees', async () => {
      const created = await ask(`Decline me ${tag}`);
      const url = `/api/procurement/hardware-requests/${created.uuid}/decline`;
      for (const body of [{}, { reason: '  ' }]) {
        const res = await call('POST', url, body, ownerToken);
        expect(res.statusCode).toBe(400);
      }
      expect((await requestRow(created.uuid))?.status).toBe('requested');
      const declined = await ok<HardwareRequestOutcome>(
        'POST',
        url,
        { reason: 'You got one last month' },
        200,
        ownerToken,
      );
      expect(declined).toMatchObject({ status: 'declined', draftUuid: null });
      const told = await notificationsOf(requesterUuid, 'hardware_request.declined');
      expect(told.map((n) => n.params)).toContainEqual({
        requestUuid: created.uuid,
        reason: 'You got one last month',
      });
      const page = await ok<HardwareRequestPage>('GET', '/api/procurement/hardware-requests/mine');
      expect(page.items.find((item) => item.uuid === created.uuid)).toMatchObject({
        status: 'declined',
        decisionReason: 'You got one last month',
      });
      expect((await call('POST', url, { reason: 'Again' }, ownerToken)).statusCode).toBe(409);
    });

    it('refuses a regular user (403), another organisation (404), no token (401)', async () => {
      const created = await ask(`Not yours ${tag}`);
      const url = `/api/procurement/hardware-requests/${created.uuid}/decline`;
      expect((await call('POST', url, { reason: 'No' }, requesterToken)).statusCode).toBe(403);
      expect((await call('POST', url, { reason: 'No' }, otherOwnerToken)).statusCode).toBe(404);
      expect((await call('POST', url, { reason: 'No' }, null)).statusCode).toBe(401);
      expect((await requestRow(created.uuid))?.status).toBe('requested');
    });
  });

  describe('withdraw', () => {
    it('only the requester, only while it waits', async () => {
      const created = await ask(`Withdraw ${tag}`);
      const url = `/api/procurement/hardware-requests/${created.uuid}/withdraw`;
      expect((await call('POST', url, undefined, colleagueToken)).statusCode).toBe(403);
      expect((await call('POST', url, undefined, otherRegularToken)).statusCode).toBe(404);
      expect((await call('POST', url, undefined, null)).statusCode).toBe(401);
      expect(await ok<HardwareRequestOutcome>('POST', url)).toMatchObject({ status: 'withdrawn' });
      expect((await call('POST', url)).statusCode).toBe(409);
      expect(
        (
          await call(
            'POST',
            `/api/procurement/hardware-requests/${created.uuid}/approve`,
            undefined,
            ownerToken,
          )
        ).statusCode,
      ).toBe(409);
    });
  });

  describe('PUT /api/procurement/drafts/:uuid', () => {
    it('refuses a regular user, another organisation, bad input and no token', async () => {
      const created = await ask(`Draft guard ${tag}`);
      const { draftUuid } = await ok<HardwareRequestOutcome>(
        'POST',
        `/api/procurement/hardware-requests/${created.uuid}/approve`,
        undefined,
        200,
        ownerToken,
      );
      const body = {
        procurementIntent: 'HardwareRequest',
        buyerUserUuid: ownerUuid,
        recipientUserUuid: requesterUuid,
        deliveryAddress: {
          recipient: 'R',
          address: 'A 1',
          city: 'Berlin',
          postalCode: '10119',
          country: 'DE',
        },
        items: [{ quantity: 1, procurementItemSpecificationUuid: laptop.specifications[0]!.uuid }],
      };
      const url = `/api/procurement/drafts/${draftUuid}`;
      expect((await call('PUT', url, body, requesterToken)).statusCode).toBe(403);
      expect((await call('PUT', url, body, otherOwnerToken)).statusCode).toBe(404);
      expect((await call('PUT', url, body, null)).statusCode).toBe(401);
      expect(
        (
          await call(
            'PUT',
            url,
            { ...body, deliveryAddress: { ...body.deliveryAddress, postalCode: 'ABC' } },
            ownerToken,
          )
        ).statusCode,
      ).toBe(400);
      const [draft] = await db()
        .select()
        .from(procurementDrafts)
        .where(eq(procurementDrafts.uuid, draftUuid!));
      expect(draft?.deliveryAddress.city).toBe('');
    });
  });
});
