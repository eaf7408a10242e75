import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, offboardings, scimTokens, users } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokensOfRoles } from '../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const SCIM_PREFIX_LENGTH = 'equip_scim_'.length;

/** A request as the vendor files record it (`../shared/vendors/scim/`), its placeholders filled in. */
function vendorRequest(file: string, values: Record<string, string> = {}) {
  const recorded = JSON.parse(
    readFileSync(new URL(`../../../../../../shared/vendors/scim/${file}`, import.meta.url), 'utf8'),
  ) as { request: { method: Method; url_template: string; body?: unknown } };
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const url = fill(recorded.request.url_template)
    .replace(/^.*?\/Users/, '/scim/v2/Users')
    .replace(/^.*?\/Groups/, '/scim/v2/Groups');
  const body =
    recorded.request.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(recorded.request.body)));
  return { method: recorded.request.method, url, body };
}

describe('the SCIM 2.0 server (issue 30 item 6, decision 034)', () => {
  let t: TestApp;
  let app: App;
  let orgUuid: string;
  let otherOrgUuid: string;
  let ownerToken: string;
  let regularToken: string;
  let otherOwnerToken: string;
  let scimToken: string;
  let otherScimToken: string;

  const db = () => t.services.database.db;
  const api = (method: Method, url: string, payload?: unknown, token: string | null = ownerToken) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const scim = (method: Method, url: string, payload?: unknown, token: string | null = scimToken) =>
    app.inject({
      method,
      url,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
  const offboardingsOf = (uuid: string) =>
    db().select().from(offboardings).where(eq(offboardings.userUuid, uuid));
  const person = async (uuid: string) => (await db().select().from(users).where(eq(users.uuid, uuid)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    orgUuid = (await createOrganization(db(), `SCIM ${randomUUID().slice(0, 6)}`)).uuid;
    otherOrgUuid = (await createOrganization(db())).uuid;
    ({ ownerToken, regularToken, otherOwnerToken } = await tokensOfRoles(t.services, orgUuid, otherOrgUuid));
    scimToken = (await api('POST', '/api/scim-tokens', { name: 'Entra ID' })).json().token;
    otherScimToken = (await api('POST', '/api/scim-tokens', { name: 'Okta' }, otherOwnerToken)).json().token;
  });
  afterAll(() => t.app.close());

  describe('tokens', () => {
    it('creates a token shown once, stores only its hash, lists it without its value and revokes it', async () => {
      const created = await api('POST', '/api/scim-tokens', { name: 'Okta test' });
      expect(created.statusCode).toBe(201);
      const { token, uuid, hint } = created.json();
      expect(token).toMatch(/^equip_scim_/);
      expect(hint).toBe(token.slice(-4));
      const [row] = await db().select().from(scimTokens).where(eq(scimTokens.uuid, uuid));
      expect(row!.tokenHash).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(token);

      const listed = await api('GET', '/api/scim-tokens');
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(token);
      expect(listed.json().items.map((i: { uuid: string }) => i.uuid)).toContain(uuid);

      expect((await scim('GET', '/scim/v2/Users', undefined, token)).statusCode).toBe(200);
      const revoked = await api('POST', `/api/scim-tokens/${uuid}/revoke`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().revokedAt).not.toBeNull();
      const refused = await scim('GET', '/scim/v2/Users', undefined, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ schemas: [ERROR], status: '401' });
    });

    it('logs the creation and the revocation in the audit log, naming the token and never its value', async () => {
      const created = (await api('POST', '/api/scim-tokens', { name: 'Audited IdP' })).json();
      expect((await api('POST', `/api/scim-tokens/${created.uuid}/revoke`)).statusCode).toBe(200);
      // Revoking it again changes nothing and logs nothing.
      expect((await api('POST', `/api/scim-tokens/${created.uuid}/revoke`)).statusCode).toBe(200);

      const log = await api(
        'GET',
        `/api/audit-log?types=SCIM_TOKEN_CREATED&types=SCIM_TOKEN_REVOKED&subjectUuid=${created.uuid}`,
      );
      expect(log.statusCode).toBe(200);
      const items = log.json().items as {
        type: string;
        subjectUuid: string;
        data: unknown;
        actorUuid: string;
      }[];
      expect(items.map((i) => i.type).sort()).toEqual(['SCIM_TOKEN_CREATED', 'SCIM_TOKEN_REVOKED']);
      for (const item of items) {
        expect(item.subjectUuid).toBe(created.uuid);
        expect(item.data).toEqual({ name: 'Audited IdP' });
        expect(item.actorUuid).not.toBeNull();
      }
      expect(log.body).not.toContain(created.token);
      const rows = await db().select().from(eventLog).where(eq(eventLog.subjectUuid, created.uuid));
      expect(rows).toHaveLength(2);
      expect(JSON.stringify(rows)).not.toContain(created.token);
      expect(JSON.stringify(rows)).not.toContain(created.token.slice(SCIM_PREFIX_LENGTH));
      // Another organisation's log does not show them.
      const other = await api(
        'GET',
        `/api/audit-log?subjectUuid=${created.uuid}`,
        undefined,
        otherOwnerToken,
      );
      expect(other.json().items).toEqual([]);
    });

    it('logs nothing for a refused creation or revocation', async () => {
      const count = async () =>
        (
          await db()
            .select()
            .from(eventLog)
            .where(and(eq(eventLog.organizationUuid, orgUuid), eq(eventLog.type, 'SCIM_TOKEN_CREATED')))
        ).length;
      const before = await count();
      expect((await api('POST', '/api/scim-tokens', { name: '' })).statusCode).toBe(400);
      expect((await api('POST', '/api/scim-tokens', { name: 'x' }, regularToken)).statusCode).toBe(403);
      expect(await count()).toBe(before);
      const mine = (await api('GET', '/api/scim-tokens'))
        .json()
        .items.find((i: { revokedAt: string | null }) => i.revokedAt === null).uuid;
      expect(
        (await api('POST', `/api/scim-tokens/${mine}/revoke`, undefined, otherOwnerToken)).statusCode,
      ).toBe(404);
      const revokedByOther = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, mine), eq(eventLog.type, 'SCIM_TOKEN_REVOKED')));
      expect(revokedByOther).toEqual([]);
    });

    it('refuses a bad name, a regular person, no token and another organisation’s token, writing nothing', async () => {
      const before = (await api('GET', '/api/scim-tokens')).json().items.length;
      expect((await api('POST', '/api/scim-tokens', { name: '' })).statusCode).toBe(400);
      expect((await api('POST', '/api/scim-tokens', { name: 'x' }, regularToken)).statusCode).toBe(403);
      expect((await api('POST', '/api/scim-tokens', { name: 'x' }, null)).statusCode).toBe(401);
      expect((await api('GET', '/api/scim-tokens')).json().items.length).toBe(before);
      const mine = (await api('GET', '/api/scim-tokens'))
        .json()
        .items.find((i: { revokedAt: string | null }) => i.revokedAt === null).uuid;
      expect(
        (await api('POST', `/api/scim-tokens/${mine}/revoke`, undefined, otherOwnerToken)).statusCode,
      ).toBe(404);
      const after = (await api('GET', '/api/scim-tokens')).json().items;
      expect(after.find((i: { uuid: string }) => i.uuid === mine).revokedAt).toBeNull();
    });

    it('answers 401 in SCIM’s error payload without a token and with an access token instead of a SCIM one', async () => {
      for (const token of [null, ownerToken, 'equip_scim_nothing']) {
        const res = await scim('GET', '/scim/v2/Users', undefined, token);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('application/scim+json');
        expect(res.json()).toMatchObject({ schemas: [ERROR], status: '401' });
      }
    });
  });

  describe('discovery', () => {
    it('answers ServiceProviderConfig, ResourceTypes and Schemas', async () => {
      const config = (await scim('GET', '/scim/v2/ServiceProviderConfig')).json();
      expect(config.patch.supported).toBe(true);
      expect(config.filter.supported).toBe(true);
      expect(config.bulk.supported).toBe(false);
      expect(config.authenticationSchemes[0].type).toBe('oauthbearertoken');
      const types = (await scim('GET', '/scim/v2/ResourceTypes')).json();
      expect(types.Resources.map((r: { name: string }) => r.name).sort()).toEqual(['Group', 'User']);
      expect((await scim('GET', '/scim/v2/ResourceTypes/User')).json().endpoint).toBe('/Users');
      const schemas = (await scim('GET', '/scim/v2/Schemas')).json();
      expect(schemas.Resources.map((s: { id: string }) => s.id)).toContain(USER);
      expect((await scim('GET', `/scim/v2/Schemas/${USER}`)).json().id).toBe(USER);
      expect((await scim('GET', '/scim/v2/Schemas/urn:nothing')).statusCode).toBe(404);
    });
  });

  describe('the sequence Entra ID sends', () => {
    let userId: string;

    it('creates a user (active as the string "True", no schemas)', async () => {
      const { body } = vendorRequest('idp-POST-Users-active-string-True.json');
      const userName = `emp1-${randomUUID().slice(0, 6)}`;
      const res = await scim('POST', '/scim/v2/Users', { ...(body as object), userName });
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json();
      userId = user.id;
      expect(res.headers.location).toBe(`/scim/v2/Users/${userId}`);
      expect(user).toMatchObject({
        userName,
        active: true,
        externalId: '22fbc523-6032-4c5f-939d-5d4850cf3e52',
      });
      const employee = await person(userId);
      expect(employee).toMatchObject({
        organizationUuid: orgUuid,
        email: 'anna33@gmail.com',
        firstName: 'Darl',
        lastName: 'Employee',
        position: 'Site engineer',
        phone: '312-320-0932',
        employeeStatus: 'ONBOARDING',
      });
      const [added] = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, userId), eq(eventLog.type, 'USER_ADDED')));
      expect(added!.data).toMatchObject({ via: 'scim' });
    });

    it('finds it by userName and by externalId, and not another organisation', async () => {
      const user = (await scim('GET', `/scim/v2/Users/${userId}`)).json();
      const byName = await scim(
        'GET',
        `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${user.userName.toUpperCase()}"`)}`,
      );
      expect(byName.statusCode).toBe(200);
      expect(byName.json()).toMatchObject({ totalResults: 1, Resources: [{ id: userId }] });
      const byExternal = await scim(
        'GET',
        `/scim/v2/Users?filter=${encodeURIComponent('externalId eq "22fbc523-6032-4c5f-939d-5d4850cf3e52"')}`,
      );
      expect(byExternal.json().Resources.map((r: { id: string }) => r.id)).toEqual([userId]);
      // A lookup combined with another comparison still answers by both.
      const both = await scim(
        'GET',
        `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${user.userName}" and active eq false`)}`,
      );
      expect(both.json().totalResults).toBe(0);
      const none = await scim('GET', `/scim/v2/Users?filter=${encodeURIComponent('userName eq "nobody"')}`);
      expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
      const other = await scim('GET', '/scim/v2/Users', undefined, otherScimToken);
      expect(other.body).not.toContain(userId);
      expect((await scim('GET', `/scim/v2/Users/${userId}`, undefined, otherScimToken)).statusCode).toBe(404);
      expect((await scim('DELETE', `/scim/v2/Users/${userId}`, undefined, otherScimToken)).statusCode).toBe(
        404,
      );
    });

    it('filters by displayName in any case of the attribute’s name', async () => {
      const res = await scim(
        'GET',
        `/scim/v2/Users?filter=${encodeURIComponent('DisplayName eq "Darl Employee"')}`,
      );
      expect(res.json().Resources.map((r: { id: string }) => r.id)).toEqual([userId]);
    });

    it('answers a bad filter with 400 invalidFilter', async () => {
      const res = await scim('GET', `/scim/v2/Users?filter=${encodeURIComponent('userName xx "a"')}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    });

    it('refuses a second user with the same userName (409 uniqueness), writing nothing', async () => {
      const user = (await scim('GET', `/scim/v2/Users/${userId}`)).json();
      const before = (await db().select().from(users).where(eq(users.organizationUuid, orgUuid))).length;
      const res = await scim('POST', '/scim/v2/Users', {
        schemas: [USER],
        userName: user.userName,
        emails: [{ value: `other-${randomUUID().slice(0, 6)}@example.test`, primary: true }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
      expect((await db().select().from(users).where(eq(users.organizationUuid, orgUuid))).length).toBe(
        before,
      );
    });

    it('refuses a user without an email with 400, and a body that is not JSON with 400', async () => {
      const res = await scim('POST', '/scim/v2/Users', { schemas: [USER], userName: 'no-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
      const broken = await app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { ...bearer(scimToken), 'content-type': 'application/scim+json' },
        payload: '{"userName":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ schemas: [ERROR], status: '400' });
    });

    it('replaces attributes with a path and without one', async () => {
      const withPath = await scim('PATCH', `/scim/v2/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'title', value: 'Lead engineer' }],
      });
      expect(withPath.statusCode, withPath.body).toBe(200);
      expect(withPath.json().title).toBe('Lead engineer');
      const noPath = await scim('PATCH', `/scim/v2/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { name: { givenName: 'Darla', familyName: 'Employee' } } }],
      });
      expect(noPath.statusCode, noPath.body).toBe(200);
      expect(await person(userId)).toMatchObject({ firstName: 'Darla', position: 'Lead engineer' });
      // The RFC's own example (no path, emails and nickName; its JSON closed, which the RFC's is not).
      const rfc = await scim('PATCH', `/scim/v2/Users/${userId}`, {
        schemas: [PATCH_OP],
        Operations: [
          {
            op: 'replace',
            value: {
              emails: [
                { value: 'bjensen@example.com', type: 'work', primary: true },
                { value: 'babs@jensen.org', type: 'home' },
              ],
              nickName: 'Babs',
            },
          },
        ],
      });
      expect(rfc.statusCode, rfc.body).toBe(200);
      expect(await person(userId)).toMatchObject({ email: 'bjensen@example.com' });
      expect(rfc.json().emails.filter((e: { primary?: boolean }) => e.primary)).toHaveLength(1);
    });

    it('moves the employee to offboarding when Entra sets active to false', async () => {
      const { body } = vendorRequest('idp-PATCH-Users-id-active-false.json');
      const res = await scim('PATCH', `/scim/v2/Users/${userId}`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().active).toBe(false);
      const employee = await person(userId);
      expect(employee.employeeStatus).toBe('OFFBOARDING');
      expect(employee.lastDate).not.toBeNull();
      // A draft offboarding from SCIM, its last day the person's (decision 038); sent again, still one.
      expect(await offboardingsOf(userId)).toEqual([
        expect.objectContaining({
          organizationUuid: orgUuid,
          draft: true,
          origin: 'scim',
          originProvider: null,
          lastDayOfWork: employee.lastDate,
          status: 'started',
          submission: expect.objectContaining({ userUuid: userId, lastDayOfWork: employee.lastDate }),
        }),
      ]);
      expect((await scim('PATCH', `/scim/v2/Users/${userId}`, body)).statusCode).toBe(200);
      expect(await offboardingsOf(userId)).toHaveLength(1);
      const events = await db()
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.subjectUuid, userId), eq(eventLog.type, 'USER_UPDATED')));
      expect(
        events.some(
          (e) => (e.data as { after?: { employeeStatus?: string } }).after?.employeeStatus === 'OFFBOARDING',
        ),
      ).toBe(true);
    });

    it('answers 404 for a user that is not there, and for one that is no uuid', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await scim('GET', `/scim/v2/Users/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ schemas: [ERROR], status: '404' });
        expect(
          (
            await scim('PATCH', `/scim/v2/Users/${id}`, {
              schemas: [PATCH_OP],
              Operations: [{ op: 'replace', path: 'active', value: false }],
            })
          ).statusCode,
        ).toBe(404);
      }
    });
  });

  describe('the sequence Okta sends, with groups', () => {
    let alice: string;
    let bob: string;
    let groupId: string;

    it('takes over a person Equip already has (by email) instead of creating them twice', async () => {
      const existing = await createUser(db(), {
        organizationUuid: orgUuid,
        role: 'regular',
        email: `alice-${randomUUID().slice(0, 6)}@example.test`,
      });
      const lookup = await scim(
        'GET',
        `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${existing.email}"`)}`,
      );
      expect(lookup.json().totalResults).toBe(0);
      const res = await scim('POST', '/scim/v2/Users', {
        schemas: [USER],
        userName: existing.email,
        name: { givenName: 'Alice', familyName: 'Ample' },
        emails: [{ primary: true, value: existing.email, type: 'work' }],
        active: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      alice = res.json().id;
      expect(alice).toBe(existing.uuid);
      const created = await scim('POST', '/scim/v2/Users', {
        schemas: [USER],
        userName: `bob-${randomUUID().slice(0, 6)}@example.test`,
        name: { givenName: 'Bob', familyName: 'Boxer' },
        active: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      bob = created.json().id;
    });

    it('pages with startIndex and count', async () => {
      const first = (await scim('GET', '/scim/v2/Users?startIndex=1&count=2')).json();
      expect(first.itemsPerPage).toBe(2);
      expect(first.Resources).toHaveLength(2);
      expect(first.totalResults).toBeGreaterThanOrEqual(3);
      const second = (await scim('GET', '/scim/v2/Users?startIndex=3&count=2')).json();
      expect(second.startIndex).toBe(3);
      const ids = [...first.Resources, ...second.Resources].map((r: { id: string }) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('creates a group, adds members (Entra’s addMember) and removes one by valuePath', async () => {
      const created = await scim('POST', '/scim/v2/Groups', {
        schemas: [GROUP],
        displayName: 'Engineering',
        members: [],
      });
      expect(created.statusCode, created.body).toBe(201);
      groupId = created.json().id;
      const add = vendorRequest('idp-PATCH-Groups-id-add-member.json', { groupid: groupId, id4: alice });
      const added = await scim('PATCH', add.url, add.body);
      expect(added.statusCode, added.body).toBe(200);
      const okta = await scim('PATCH', `/scim/v2/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: bob, display: 'Bob Boxer' }] }],
      });
      expect(
        okta
          .json()
          .members.map((m: { value: string }) => m.value)
          .sort(),
      ).toEqual([alice, bob].sort());
      const byName = await scim(
        'GET',
        `/scim/v2/Groups?filter=${encodeURIComponent('displayName eq "Engineering"')}`,
      );
      expect(byName.json().Resources.map((g: { id: string }) => g.id)).toEqual([groupId]);
      const remove = vendorRequest('idp-PATCH-Groups-id-remove-member-valuePath.json', {
        groupid: groupId,
        id4: alice,
      });
      const removed = await scim('PATCH', remove.url, remove.body);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(
        (await scim('GET', `/scim/v2/Groups/${groupId}`))
          .json()
          .members.map((m: { value: string }) => m.value),
      ).toEqual([bob]);
      const renamed = await scim('PATCH', `/scim/v2/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { displayName: 'Platform' } }],
      });
      expect(renamed.json().displayName).toBe('Platform');
    });

    it('refuses a member that is not a provisioned user of the organisation, changing nothing', async () => {
      const res = await scim('PATCH', `/scim/v2/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: randomUUID() }] }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ schemas: [ERROR], scimType: 'invalidValue' });
      expect((await scim('GET', `/scim/v2/Groups/${groupId}`)).json().members).toHaveLength(1);
      expect((await scim('GET', `/scim/v2/Groups/${groupId}`, undefined, otherScimToken)).statusCode).toBe(
        404,
      );
    });

    it('replaces a user with PUT', async () => {
      const user = (await scim('GET', `/scim/v2/Users/${bob}`)).json();
      const res = await scim('PUT', `/scim/v2/Users/${bob}`, { ...user, title: 'Designer' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await person(bob)).position).toBe('Designer');
    });

    it('moves the employee to offboarding when Okta sets active to false without a path, and back when reactivated', async () => {
      const off = await scim('PATCH', `/scim/v2/Users/${alice}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().active).toBe(false);
      expect((await person(alice)).employeeStatus).toBe('OFFBOARDING');
      expect(await offboardingsOf(alice)).toEqual([expect.objectContaining({ draft: true, origin: 'scim' })]);
      const on = await scim('PATCH', `/scim/v2/Users/${alice}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: true } }],
      });
      expect(on.json().active).toBe(true);
      expect(await person(alice)).toMatchObject({ employeeStatus: 'ACTIVE', lastDate: null });
      // Reactivated: the draft offboarding goes.
      expect(await offboardingsOf(alice)).toEqual([]);
    });

    it('deletes a user: offboarding starts, the resource is gone and leaves its groups', async () => {
      const res = await scim('DELETE', `/scim/v2/Users/${bob}`);
      expect(res.statusCode).toBe(204);
      expect((await person(bob)).employeeStatus).toBe('OFFBOARDING');
      expect(await offboardingsOf(bob)).toEqual([expect.objectContaining({ draft: true, origin: 'scim' })]);
      expect((await person(bob)).deletedAt).toBeNull();
      expect((await scim('GET', `/scim/v2/Users/${bob}`)).statusCode).toBe(404);
      expect((await scim('GET', `/scim/v2/Groups/${groupId}`)).json().members).toBeUndefined();
      expect((await scim('DELETE', `/scim/v2/Users/${bob}`)).statusCode).toBe(404);
    });

    it('provisions a userName again once its person was removed in Equip', async () => {
      const userName = `again-${randomUUID().slice(0, 6)}@example.test`;
      const body = { schemas: [USER], userName, name: { givenName: 'Ann', familyName: 'Again' } };
      const first = await scim('POST', '/scim/v2/Users', body);
      expect(first.statusCode, first.body).toBe(201);
      expect((await api('DELETE', `/api/employees/${first.json().id}`)).statusCode).toBe(204);
      expect((await scim('GET', `/scim/v2/Users/${first.json().id}`)).statusCode).toBe(404);
      const again = await scim('POST', '/scim/v2/Users', body);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().id).not.toBe(first.json().id);
    });

    it('deletes a group', async () => {
      expect((await scim('DELETE', `/scim/v2/Groups/${groupId}`)).statusCode).toBe(204);
      expect((await scim('GET', `/scim/v2/Groups/${groupId}`)).statusCode).toBe(404);
    });
  });
});
