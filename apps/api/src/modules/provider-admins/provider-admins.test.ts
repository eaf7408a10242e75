import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminCommand, runAdminCommand } from '../../cli/admin.ts';
import { UsageError } from '../../cli/common.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { login } from '../../test/auth-client.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

const PASSWORD = 'correct horse battery staple';

describe('provider admins', () => {
  let t: TestApp;
  let adminToken: string;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_RECHECK_MS: '0' } });
    const db = t.services.database.db;
    const org = await createOrganization(db);
    admin = await createUser(db, {
      organizationUuid: org.uuid,
      role: 'equip-admin',
      email: `pa-${randomUUID().slice(0, 8)}@equip.test`,
    });
    adminToken = await tokenFor(t.services, admin, org.uuid);
    const owner = await createUser(db, { organizationUuid: org.uuid, role: 'it-owner' });
    ownerToken = await tokenFor(t.services, owner);
  });
  afterAll(() => t.app.close());

  const add = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/provider-admins', headers: bearer(token), payload });

  it('adds one, mails the invitation, lists them and refuses the same email twice', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@equip.test`;
    const created = await add(adminToken, { email: email.toUpperCase(), firstName: 'Nina', lastName: 'New' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, hasPassword: false, firstName: 'Nina' });
    expect(created.json().invitedAt).not.toBeNull();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/provider-admins?textSearchQuery=${email}`,
      headers: bearer(adminToken),
    });
    expect(list.json().items.map((a: { email: string }) => a.email)).toEqual([email]);
    const again = await add(adminToken, { email, firstName: 'Nina', lastName: 'New' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ errorType: 'EmailIsUsed', param: 'email' });
  });

  it('validates input and is closed to it-owners', async () => {
    const bad = await add(adminToken, { email: 'not-an-email', firstName: '', lastName: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { param: string }) => e.param)
        .sort(),
    ).toEqual(['email', 'firstName']);
    expect(
      (await add(ownerToken, { email: `x-${randomUUID()}@equip.test`, firstName: 'A', lastName: 'B' }))
        .statusCode,
    ).toBe(403);
  });

  it('disables one: their sign-in and sessions end; not yourself, not an unknown one', async () => {
    const db = t.services.database.db;
    const other = await createUser(db, {
      organizationUuid: admin.organizationUuid,
      role: 'equip-admin',
      email: `bye-${randomUUID().slice(0, 8)}@equip.test`,
      password: PASSWORD,
    });
    const signedIn = (await login(t.app, other.email, PASSWORD)).json();
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/provider-admins/${admin.uuid}`,
      headers: bearer(adminToken),
    });
    expect(self.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/provider-admins/${randomUUID()}`,
      headers: bearer(adminToken),
    });
    expect(unknown.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/provider-admins/${other.uuid}`,
      headers: bearer(adminToken),
    });
    expect(gone.statusCode).toBe(204);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/shared/auth/me',
      headers: bearer(signedIn.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect((await login(t.app, other.email, PASSWORD)).statusCode).toBe(401);
  });

  describe('npm run admin', () => {
    it('parses its commands and explains mistakes', () => {
      expect(parseAdminCommand(['list']).command).toEqual({ action: 'list' });
      expect(
        parseAdminCommand([
          'create',
          '--email',
          'ops@example.com',
          '--first-name',
          'Olga',
          '--last-name',
          'Ops',
        ]).command,
      ).toEqual({ action: 'create', email: 'ops@example.com', firstName: 'Olga', lastName: 'Ops' });
      expect(() => parseAdminCommand(['create', '--email', 'nope'])).toThrow(/--email/);
      expect(() => parseAdminCommand(['promote'])).toThrow(UsageError);
      expect(() => parseAdminCommand([])).toThrow(UsageError);
      expect(() => parseAdminCommand(['disable'])).toThrow(/--email is required/);
    });

    it('creates, lists and disables provider admins and prints a set-password link', async () => {
      const service = t.services.providerAdmins;
      const lines: string[] = [];
      const email = `cli-${randomUUID().slice(0, 8)}@equip.test`;
      await runAdminCommand(service, { action: 'create', email, firstName: 'Cli', lastName: 'Admin' }, (l) =>
        lines.push(l),
      );
      expect(lines.join('\n')).toMatch(/\/auth\/set-password\?invitationToken=/);
      lines.length = 0;
      await runAdminCommand(service, { action: 'list' }, (l) => lines.push(l));
      expect(lines.some((l) => l.startsWith(email) && l.endsWith('invited'))).toBe(true);
      await runAdminCommand(service, { action: 'disable', email }, (l) => lines.push(l));
      expect(await service.findByEmail(email)).toBeNull();
      await expect(runAdminCommand(service, { action: 'disable', email }, () => undefined)).rejects.toThrow(
        /not a provider admin/,
      );
    });
  });
});
