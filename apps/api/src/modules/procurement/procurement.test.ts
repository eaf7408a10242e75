import { randomUUID } from 'node:crypto';

import type {
  CatalogItem,
  CatalogPage,
  CheckoutRecord,
  CheckoutView,
  ProcurementDraftRecord,
} from '@equip/domain/procurement';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogItems,
  checkouts,
  PROVIDER_ORGANIZATION_UUID,
  procurementDrafts,
} from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('procurement API (issue 31: catalog, drafts, checkouts)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let adminToken: string;
  let otherOwnerToken: string;
  let buyer: string;
  let recipient: string;
  let stranger: string;
  let generalItem: CatalogItem;
  let ownItem: CatalogItem;
  let foreignItem: CatalogItem;
  const tag = randomUUID().slice(0, 8);

  const db = () => t.services.database.db;
  const call = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const ok = async <T>(
    method: Method,
    url: string,
    payload?: unknown,
    status = 200,
    token = ownerToken,
  ): Promise<T> => {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const catalog = (query = '', token = ownerToken) =>
    ok<CatalogPage>('GET', `/api/procurement/catalog?${query}`, undefined, 200, token);
  const newItem = (label: string, extra: object = {}) => ({
    scope: 'Organization',
    label: `${label} ${tag}`,
    deviceType: 'COMPUTER',
    operatingSystem: 'MACOS',
    manufacturer: 'Apple',
    modelName: label,
    specifications: [
      {
        chip: 'M4',
        memory: '16 GB',
        storage: '512 GB',
        color: 'Silver',
        keyboardLanguage: 'DE',
        screenSize: '14"',
        priceCents: 199_900,
        rentPriceCents: 6_900,
      },
    ],
    ...extra,
  });
  const address = {
    recipient: 'Rita Recipient',
    address: 'Torstraße 49',
    city: 'Berlin',
    postalCode: '10119',
    country: 'DE',
  };
  const draftOf = (specUuid: string, extra: object = {}) => ({
    procurementIntent: 'Onboarding',
    buyerUserUuid: buyer,
    recipientUserUuid: recipient,
    deliveryAddress: address,
    items: [{ quantity: 2, procurementItemSpecificationUuid: specUuid }],
    ...extra,
  });
  const draftCount = async () =>
    (
      await db()
        .select({ uuid: procurementDrafts.uuid })
        .from(procurementDrafts)
        .where(eq(procurementDrafts.organizationUuid, orgUuid))
    ).length;
  const catalogCount = async () => (await db().select({ uuid: catalogItems.uuid }).from(catalogItems)).length;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `Procurement ${tag}`)).uuid;
    otherOrgUuid = (await createOrganization(db(), `Other ${tag}`)).uuid;
    let owner: { uuid: string };
    ({ owner, ownerToken, regularToken, adminToken, otherOwnerToken } = await tokensOfRoles(
      t.services,
      orgUuid,
      otherOrgUuid,
    ));
    buyer = owner.uuid;
    recipient = (
      await createUser(db(), { organizationUuid: orgUuid, firstName: 'Rita', lastName: 'Recipient' })
    ).uuid;
    stranger = (await createUser(db(), { organizationUuid: otherOrgUuid })).uuid;
    generalItem = await ok<CatalogItem>(
      'POST',
      '/api/procurement/catalog',
      newItem('MacBook Pro', { scope: 'General' }),
      201,
      adminToken,
    );
    ownItem = await ok<CatalogItem>(
      'POST',
      '/api/procurement/catalog',
      newItem('ThinkPad', {
        deviceType: 'COMPUTER',
        operatingSystem: 'WINDOWS',
        manufacturer: 'Lenovo',
        specifications: [{ priceCents: 99_900, memory: '32 GB' }],
      }),
      201,
    );
    foreignItem = await ok<CatalogItem>(
      'POST',
      '/api/procurement/catalog',
      newItem('Foreign iPhone', { deviceType: 'PHONE', operatingSystem: 'IOS' }),
      201,
      otherOwnerToken,
    );
  });
  afterAll(() => t.app.close());

  describe('catalog', () => {
    it('lists General items and the organisation’s own, never another’s, with specifications and both prices', async () => {
      const page = await catalog(`textSearchQuery=${tag}`);
      expect(page.items.map((i) => i.uuid).sort()).toEqual([generalItem.uuid, ownItem.uuid].sort());
      expect(page.total).toBe(2);
      const general = page.items.find((i) => i.uuid === generalItem.uuid)!;
      expect(general).toMatchObject({ scope: 'General', organizationUuid: null });
      expect(general.specifications[0]).toMatchObject({
        chip: 'M4',
        priceCents: 199_900,
        rentPriceCents: 6_900,
        currency: 'EUR',
      });
      const own = page.items.find((i) => i.uuid === ownItem.uuid)!;
      expect(own).toMatchObject({ scope: 'Organization', organizationUuid: orgUuid });
      const theirs = await catalog(`textSearchQuery=${tag}`, otherOwnerToken);
      expect(theirs.items.map((i) => i.uuid).sort()).toEqual([generalItem.uuid, foreignItem.uuid].sort());
    });

    it('searches specifications and filters by device type, operating system, scope and price range', async () => {
      const uuids = async (query: string) =>
        (await catalog(`textSearchQuery=${tag}&${query}`)).items.map((i) => i.uuid);
      expect(await uuids('operatingSystems=WINDOWS')).toEqual([ownItem.uuid]);
      expect(await uuids('deviceTypes=PHONE')).toEqual([]);
      expect(await uuids('scopes=General')).toEqual([generalItem.uuid]);
      expect(await uuids('maxPriceCents=100000')).toEqual([ownItem.uuid]);
      expect(await uuids('minPriceCents=150000')).toEqual([generalItem.uuid]);
      // Rent: only the MacBook has a monthly price.
      expect(await uuids('purchaseType=rent&maxPriceCents=10000')).toEqual([generalItem.uuid]);
      expect((await catalog('textSearchQuery=32 GB')).items.map((i) => i.uuid)).toContain(ownItem.uuid);
      expect(await uuids('sortingKey=price&sortingDirection=asc')).toEqual([ownItem.uuid, generalItem.uuid]);
    });

    it('refuses bad queries and bodies in the spec’s error payload, writing nothing', async () => {
      const res = await call('GET', '/api/procurement/catalog?deviceTypes=TOASTER');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'query' });
      const before = await catalogCount();
      const bad = await call('POST', '/api/procurement/catalog', newItem('No specs', { specifications: [] }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toEqual(['specifications']);
      const negative = await call(
        'POST',
        '/api/procurement/catalog',
        newItem('Negative', { specifications: [{ priceCents: -1 }] }),
      );
      expect(negative.statusCode).toBe(400);
      expect(await catalogCount()).toBe(before);
    });

    it('lets IT owners write their own items, provider admins the General ones (per target, per field)', async () => {
      const before = await catalogCount();
      const general = await call(
        'POST',
        '/api/procurement/catalog',
        newItem('Owner General', { scope: 'General' }),
      );
      expect(general.statusCode).toBe(403);
      const elsewhere = await call(
        'POST',
        '/api/procurement/catalog',
        newItem('Elsewhere', { organizationUuid: otherOrgUuid }),
      );
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().errors[0].path).toEqual(['organizationUuid']);
      const generalWithOrg = await call(
        'POST',
        '/api/procurement/catalog',
        newItem('Mixed', { scope: 'General', organizationUuid: orgUuid }),
        adminToken,
      );
      expect(generalWithOrg.statusCode).toBe(403);
      expect(await catalogCount()).toBe(before);

      expect(
        (await call('PATCH', `/api/procurement/catalog/${generalItem.uuid}`, { label: 'Owned now' }))
          .statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/procurement/catalog/${generalItem.uuid}`)).statusCode).toBe(403);
      const renamed = await ok<CatalogItem>(
        'PATCH',
        `/api/procurement/catalog/${generalItem.uuid}`,
        { modelName: 'MacBook Pro 14' },
        200,
        adminToken,
      );
      expect(renamed).toMatchObject({ modelName: 'MacBook Pro 14', scope: 'General' });

      const changed = await ok<CatalogItem>('PATCH', `/api/procurement/catalog/${ownItem.uuid}`, {
        specifications: [
          { priceCents: 89_900, rentPriceCents: 3_500 },
          { priceCents: 109_900, memory: '64 GB' },
        ],
      });
      expect(changed.specifications.map((s) => s.priceCents)).toEqual([89_900, 109_900]);
      ownItem = changed;
      // The provider admin acts for the organisation: its own items are theirs to change too.
      expect(
        (
          await call(
            'PATCH',
            `/api/procurement/catalog/${ownItem.uuid}`,
            { label: `ThinkPad X1 ${tag}` },
            adminToken,
          )
        ).statusCode,
      ).toBe(200);
    });

    it('answers 404 for another organisation’s item, and no token / wrong role as the guards say', async () => {
      for (const [method, payload] of [['GET'], ['PATCH', { label: 'Mine' }], ['DELETE']] as const)
        expect((await call(method, `/api/procurement/catalog/${foreignItem.uuid}`, payload)).statusCode).toBe(
          404,
        );
      expect((await call('GET', '/api/procurement/catalog', undefined, null)).statusCode).toBe(401);
      expect((await call('GET', '/api/procurement/catalog', undefined, regularToken)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/procurement/catalog', newItem('Regular'), regularToken)).statusCode,
      ).toBe(403);
      const [still] = await db().select().from(catalogItems).where(eq(catalogItems.uuid, foreignItem.uuid));
      expect(still?.label).toBe(foreignItem.label);
    });

    it('removes an item of the organisation', async () => {
      const gone = await ok<CatalogItem>('POST', '/api/procurement/catalog', newItem('Short-lived'), 201);
      expect((await call('DELETE', `/api/procurement/catalog/${gone.uuid}`)).statusCode).toBe(204);
      expect((await call('GET', `/api/procurement/catalog/${gone.uuid}`)).statusCode).toBe(404);
    });
  });

  describe('drafts and checkouts', () => {
    it('makes a draft and sends it to the provider as a checkout, which can be revoked with a reason', async () => {
      const spec = generalItem.specifications[0]!.uuid;
      const draft = await ok<ProcurementDraftRecord>('POST', '/api/procurement/drafts', draftOf(spec), 201);
      expect(draft).toMatchObject({
        organizationUuid: orgUuid,
        buyerUserUuid: buyer,
        recipientUserUuid: recipient,
        deliveryAddress: address,
      });
      expect(await ok<ProcurementDraftRecord>('GET', `/api/procurement/drafts/${draft.uuid}`)).toEqual(draft);

      const checkout = await ok<CheckoutRecord>(
        'POST',
        '/api/procurement/checkouts',
        { procurementProviderKind: 'TopiComspot', procurementUuid: draft.uuid },
        201,
      );
      expect(checkout).toMatchObject({
        status: 'created',
        draftUuid: draft.uuid,
        procurementProviderKind: 'TopiComspot',
        revokeReason: null,
      });
      expect(await ok<CheckoutView>('GET', `/api/procurement/checkouts/${checkout.uuid}`)).toEqual({
        ...checkout,
        orderUuid: null,
      });
      const otherOrg = await call(
        'GET',
        `/api/procurement/checkouts/${checkout.uuid}`,
        undefined,
        otherOwnerToken,
      );
      expect(otherOrg.statusCode).toBe(404);
      expect(otherOrg.json().errors[0].msg).toBe('Checkout not found');
      expect(
        (await call('GET', `/api/procurement/checkouts/${checkout.uuid}`, undefined, regularToken))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('GET', `/api/procurement/checkouts/${checkout.uuid}`, undefined, null)).statusCode,
      ).toBe(401);
      expect((await call('GET', '/api/procurement/checkouts/not-a-uuid')).statusCode).toBe(400);
      const twice = await call('POST', '/api/procurement/checkouts', {
        procurementProviderKind: 'TopiComspot',
        procurementUuid: draft.uuid,
      });
      expect(twice.statusCode).toBe(409);

      const noReason = await call('POST', `/api/procurement/checkouts/${checkout.uuid}/revoke`, {
        reason: '  ',
      });
      expect(noReason.statusCode).toBe(400);
      const revoked = await ok<CheckoutRecord>('POST', `/api/procurement/checkouts/${checkout.uuid}/revoke`, {
        reason: 'Wrong model',
      });
      expect(revoked).toMatchObject({ status: 'voided', revokeReason: 'Wrong model' });
      expect(revoked.revokedAt).not.toBeNull();
      // The status table refuses it once it is final, clearly.
      const again = await call('POST', `/api/procurement/checkouts/${checkout.uuid}/revoke`, {
        reason: 'Again',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({
        errorType: 'IllegalStatusTransition',
        msg: 'The checkout status is already voided',
      });
      // Once the provider accepted it, it cannot be revoked.
      const second = await ok<ProcurementDraftRecord>('POST', '/api/procurement/drafts', draftOf(spec), 201);
      const accepted = await ok<CheckoutRecord>(
        'POST',
        '/api/procurement/checkouts',
        { procurementProviderKind: 'TopiComspot', procurementUuid: second.uuid },
        201,
      );
      await db().update(checkouts).set({ status: 'accepted' }).where(eq(checkouts.uuid, accepted.uuid));
      const late = await call('POST', `/api/procurement/checkouts/${accepted.uuid}/revoke`, {
        reason: 'Too late',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0].msg).toBe(
        'A checkout status cannot change from accepted to voided: accepted is final',
      );
      const [kept] = await db().select().from(checkouts).where(eq(checkouts.uuid, accepted.uuid));
      expect(kept).toMatchObject({ status: 'accepted', revokeReason: null });
    });

    it('checks the delivery address per country and the people and items, writing nothing on refusal', async () => {
      const spec = ownItem.specifications[0]!.uuid;
      const before = await draftCount();
      const refused = async (body: object, status: number, path: (string | number)[]) => {
        const res = await call('POST', '/api/procurement/drafts', body);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().errors[0].path).toEqual(path);
      };
      await refused(draftOf(spec, { deliveryAddress: { ...address, postalCode: '1011' } }), 400, [
        'deliveryAddress',
        'postalCode',
      ]);
      await refused(draftOf(spec, { deliveryAddress: { ...address, country: 'XX' } }), 400, [
        'deliveryAddress',
        'country',
      ]);
      await refused(
        draftOf(spec, { deliveryAddress: { ...address, country: 'GB', postalCode: '10119' } }),
        400,
        ['deliveryAddress', 'postalCode'],
      );
      await refused(draftOf(spec, { recipientUserUuid: stranger }), 404, ['recipientUserUuid']);
      await refused(draftOf(foreignItem.specifications[0]!.uuid), 404, [
        'items',
        0,
        'procurementItemSpecificationUuid',
      ]);
      await refused(draftOf(spec, { items: [] }), 400, ['items']);
      await refused(draftOf(spec, { procurementIntent: 'Whim' }), 400, ['procurementIntent']);
      expect(await draftCount()).toBe(before);
      for (const [country, postalCode] of [
        ['AT', '1010'],
        ['CH', '8001'],
        ['FR', '75001'],
        ['NL', '1012 AB'],
        ['GB', 'SW1A 1AA'],
        ['US', '94105-1234'],
      ])
        await ok(
          'POST',
          '/api/procurement/drafts',
          draftOf(spec, { deliveryAddress: { ...address, country, postalCode } }),
          201,
        );
    });

    it('keeps the purchase type (one-time purchase unless rent is asked for) and rents only what has a rent price', async () => {
      const rentable = generalItem.specifications[0]!.uuid;
      const bought = await ok<ProcurementDraftRecord>(
        'POST',
        '/api/procurement/drafts',
        draftOf(rentable),
        201,
      );
      expect(bought.purchaseType).toBe('one-time-purchase');
      const rented = await ok<ProcurementDraftRecord>(
        'POST',
        '/api/procurement/drafts',
        draftOf(rentable, { purchaseType: 'rent' }),
        201,
      );
      expect(rented.purchaseType).toBe('rent');
      expect(await ok<ProcurementDraftRecord>('GET', `/api/procurement/drafts/${rented.uuid}`)).toEqual(
        rented,
      );
      const before = await draftCount();
      const boughtOnly = await ok<CatalogItem>(
        'POST',
        '/api/procurement/catalog',
        newItem('Bought only', { specifications: [{ priceCents: 49_900 }] }),
        201,
      );
      const unrentable = boughtOnly.specifications[0]!.uuid;
      const noRent = await call(
        'POST',
        '/api/procurement/drafts',
        draftOf(rentable, {
          purchaseType: 'rent',
          items: [
            { quantity: 1, procurementItemSpecificationUuid: rentable },
            { quantity: 1, procurementItemSpecificationUuid: unrentable },
          ],
        }),
      );
      expect(noRent.statusCode, noRent.body).toBe(400);
      expect(noRent.json().errors[0]).toMatchObject({
        msg: 'This catalog specification cannot be rented',
        path: ['items', 1, 'procurementItemSpecificationUuid'],
      });
      const badType = await call(
        'POST',
        '/api/procurement/drafts',
        draftOf(rentable, { purchaseType: 'lease' }),
      );
      expect(badType.statusCode).toBe(400);
      expect(badType.json().errors[0].path).toEqual(['purchaseType']);
      expect(await draftCount()).toBe(before);
    });

    it('a provider admin’s draft names the organisation acted for, or is refused', async () => {
      const spec = generalItem.specifications[0]!.uuid;
      const before = await draftCount();
      for (const [organizationUuid, path] of [
        [undefined, ['organizationUuid']],
        [otherOrgUuid, ['organizationUuid']],
        [PROVIDER_ORGANIZATION_UUID, ['organizationUuid']],
      ] as const) {
        const res = await call(
          'POST',
          '/api/procurement/drafts',
          draftOf(spec, { organizationUuid }),
          adminToken,
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().errors[0].path).toEqual(path);
      }
      const owners = await call(
        'POST',
        '/api/procurement/drafts',
        draftOf(spec, { organizationUuid: otherOrgUuid }),
      );
      expect(owners.statusCode).toBe(403);
      expect(await draftCount()).toBe(before);
      const made = await ok<ProcurementDraftRecord>(
        'POST',
        '/api/procurement/drafts',
        draftOf(spec, { organizationUuid: orgUuid }),
        201,
        adminToken,
      );
      expect(made.organizationUuid).toBe(orgUuid);
    });

    it('keeps drafts and checkouts to their organisation, and to IT owners', async () => {
      const spec = foreignItem.specifications[0]!.uuid;
      const theirs = await ok<ProcurementDraftRecord>(
        'POST',
        '/api/procurement/drafts',
        draftOf(spec, { buyerUserUuid: stranger, recipientUserUuid: undefined }),
        201,
        otherOwnerToken,
      );
      const theirCheckout = await ok<CheckoutRecord>(
        'POST',
        '/api/procurement/checkouts',
        { procurementProviderKind: 'TopiComspot', procurementUuid: theirs.uuid },
        201,
        otherOwnerToken,
      );
      expect((await call('GET', `/api/procurement/drafts/${theirs.uuid}`)).statusCode).toBe(404);
      expect(
        (
          await call('POST', '/api/procurement/checkouts', {
            procurementProviderKind: 'TopiComspot',
            procurementUuid: theirs.uuid,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call('POST', `/api/procurement/checkouts/${theirCheckout.uuid}/revoke`, {
            reason: 'Mine now',
          })
        ).statusCode,
      ).toBe(404);
      const [still] = await db().select().from(checkouts).where(eq(checkouts.uuid, theirCheckout.uuid));
      expect(still?.status).toBe('created');
      expect((await call('POST', '/api/procurement/drafts', draftOf(spec), regularToken)).statusCode).toBe(
        403,
      );
      expect((await call('POST', '/api/procurement/drafts', draftOf(spec), null)).statusCode).toBe(401);
    });
  });
});
