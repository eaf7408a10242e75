import { randomUUID } from 'node:crypto';
import type { AdminOrganization, CreateOrganizationRequest } from '@equip/domain/organizations';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminCommand, runOrganizationCommand } from '../../cli/admin.ts';
import { UsageError } from '../../cli/common.ts';
import {
  devices,
  eventLog,
  mailOutbox,
  organizations,
  PROVIDER_ORGANIZATION_UUID,
  users,
} from '../../db/schema/index.ts';
import { systemReads } from '../../lists/system-reads.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { encryptPassword, login, publicKey } from '../../test/auth-client.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { OrganizationsAdmin } from './organizations-admin.ts';

const PASSWORD = 'correct horse battery staple';

/**
 * Provider admins run the installation's organisations (`/api/admin/organizations`): list with people
 * and device counts, create with a first IT owner, rename, deactivate and reactivate; everything in
 * the organisation's log, nothing half-written, closed to everyone but provider admins.
 */
describe('organisations run by provider admins', () => {
  let t: TestApp;
  let adminToken: string;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let regularToken: string;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_RECHECK_MS: '0' } });
    const db = t.services.database.db;
    const home = await createOrganization(db, `Home ${tag}`);
    admin = await createUser(db, { organizationUuid: home.uuid, role: 'equip-admin', firstName: 'Pat' });
    adminToken = await tokenFor(t.services, admin, home.uuid);
    ownerToken = await tokenFor(
      t.services,
      await createUser(db, { organizationUuid: home.uuid, role: 'it-owner' }),
    );
    regularToken = await tokenFor(t.services, await createUser(db, { organizationUuid: home.uuid }));
  });
  afterAll(() => t.app.close());

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const newOrganization = (name: string, email = `owner-${randomUUID().slice(0, 8)}@org.test`) =>
    ({
      organization: { name, country: 'AT', timeZone: 'Europe/Vienna', workingDays: ['tuesday', 'monday'] },
      owner: { firstName: 'Olli', lastName: 'Owner', email },
    }) satisfies CreateOrganizationRequest;
  const orgsNamed = (name: string) =>
    t.services.database.db.select().from(organizations).where(eq(organizations.name, name));

  it('lists organisations with their people and devices, searched, filtered and sorted by the server', async () => {
    const db = t.services.database.db;
    const busy = await createOrganization(db, `Busy ${tag}`);
    const quiet = await createOrganization(db, `Quiet ${tag}`);
    for (let i = 0; i < 3; i++) await createUser(db, { organizationUuid: busy.uuid });
    await createUser(db, { organizationUuid: quiet.uuid });
    await db.insert(devices).values(
      [1, 2].map((n) => ({
        organizationUuid: busy.uuid,
        name: `Mac ${n}`,
        type: 'COMPUTER' as const,
        os: 'MACOS' as const,
      })),
    );
    const page = await api(
      'GET',
      `/api/admin/organizations?textSearchQuery=${tag}&sortingKey=people&sortingDirection=desc`,
      adminToken,
    );
    expect(page.statusCode).toBe(200);
    const items = page.json().items as AdminOrganization[];
    expect(items.map((o) => [o.name, o.people, o.devices])).toEqual([
      [`Busy ${tag}`, 3, 2],
      [`Home ${tag}`, 2, 0],
      [`Quiet ${tag}`, 1, 0],
    ]);
    expect(page.json().total).toBe(3);
    // The provider organisation is nobody's to manage.
    expect(
      JSON.stringify((await api('GET', '/api/admin/organizations?take=100', adminToken)).json()),
    ).not.toContain(PROVIDER_ORGANIZATION_UUID);
    const bad = await api('GET', '/api/admin/organizations?sortingKey=secret', adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ location: 'query', param: 'sortingKey' });
  });

  it('creates an organisation with its first IT owner, who is invited and lands on the setup steps', async () => {
    const name = `Created ${tag}`;
    const email = `first-owner-${tag}@created.test`;
    const created = await api('POST', '/api/admin/organizations', adminToken, newOrganization(name, email));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name,
      country: 'AT',
      timeZone: 'Europe/Vienna',
      workingDays: ['monday', 'tuesday'],
      onboardingStep: 'registerDevices',
      people: 1,
      devices: 0,
      deactivatedAt: null,
    });
    const uuid = created.json().uuid as string;
    const [owner] = await t.services.database.db.select().from(users).where(eq(users.email, email));
    expect(owner).toMatchObject({ organizationUuid: uuid, role: 'it-owner', passwordHash: null });
    expect(owner!.invitedAt).not.toBeNull();
    const events = await t.services.database.db
      .select({ type: eventLog.type, actor: eventLog.actorUuid })
      .from(eventLog)
      .where(eq(eventLog.organizationUuid, uuid));
    expect(events.map((e) => e.type).sort()).toEqual(['ORGANIZATION_CREATED', 'USER_ADDED', 'USER_INVITED']);
    expect(events.every((e) => e.actor === admin.uuid)).toBe(true);
    // The invitation is in the mail, from the provider admin; its link signs the owner in at the first step.
    const [mail] = await t.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(mail!.subject).toContain(`Pat ${admin.lastName} invited you to ${name}`);
    const invitationToken = /invitationToken=([\w-]+)/.exec(mail!.text)![1]!;
    const accepted = await api('POST', '/api/user/owner/auth/unprotected/set-password', undefined, {
      invitationToken,
      encryptedPassword: encryptPassword(await publicKey(t.app), PASSWORD),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().onboardingStep).toBe('registerDevices');
  });

  it('refuses an email in use anywhere and bad input at the field, writing nothing', async () => {
    const name = `Refused ${tag}`;
    const taken = admin.email.toUpperCase();
    const used = await api('POST', '/api/admin/organizations', adminToken, newOrganization(name, taken));
    expect(used.statusCode).toBe(409);
    expect(used.json().errors[0]).toMatchObject({ errorType: 'EmailIsUsed', param: 'owner.email' });
    expect(JSON.stringify(used.json())).not.toContain(PROVIDER_ORGANIZATION_UUID);
    const good = newOrganization(name);
    for (const [body, param] of [
      [{ ...good, organization: { ...good.organization, country: 'de' } }, 'organization.country'],
      [
        { ...good, organization: { ...good.organization, workingDays: ['someday'] } },
        'organization.workingDays.0',
      ],
      [{ ...good, organization: { ...good.organization, timeZone: 'Nowhere' } }, 'organization.timeZone'],
      [{ ...good, owner: { ...good.owner, lastName: '' } }, 'owner.lastName'],
      [{ organization: good.organization }, 'owner'],
    ] as const) {
      const res = await api('POST', '/api/admin/organizations', adminToken, body);
      expect(res.statusCode, param).toBe(400);
      expect(
        res.json().errors.map((e: { param: string }) => e.param),
        param,
      ).toContain(param);
    }
    expect(await orgsNamed(name)).toEqual([]);
    const mails = await t.services.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${name}%`));
    expect(mails).toEqual([]);
  });

  it('is closed to everyone but provider admins', async () => {
    const org = await createOrganization(t.services.database.db, `Closed ${tag}`);
    const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown][] = [
      ['GET', '/api/admin/organizations'],
      ['POST', '/api/admin/organizations', newOrganization(`Sneaky ${tag}`)],
      ['PATCH', `/api/admin/organizations/${org.uuid}`, { name: 'Renamed by a stranger' }],
      ['POST', `/api/admin/organizations/${org.uuid}/deactivate`],
      ['POST', `/api/admin/organizations/${org.uuid}/reactivate`],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, ownerToken, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(method, url, regularToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await orgsNamed(`Sneaky ${tag}`)).toEqual([]);
    const [unchanged] = await orgsNamed(`Closed ${tag}`);
    expect(unchanged!.deactivatedAt).toBeNull();
  });

  it('renames an organisation and logs before and after; unknown and the provider’s own are not found', async () => {
    const org = await createOrganization(t.services.database.db, `Old name ${tag}`);
    const renamed = await api('PATCH', `/api/admin/organizations/${org.uuid}`, adminToken, {
      name: `New name ${tag}`,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe(`New name ${tag}`);
    const [event] = await t.services.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, org.uuid), eq(eventLog.type, 'ORGANIZATION_UPDATED')));
    expect(event!.data).toEqual({ before: { name: `Old name ${tag}` }, after: { name: `New name ${tag}` } });
    expect(
      (await api('PATCH', `/api/admin/organizations/${org.uuid}`, adminToken, { name: ' ' })).statusCode,
    ).toBe(400);
    for (const uuid of [randomUUID(), PROVIDER_ORGANIZATION_UUID]) {
      expect(
        (await api('PATCH', `/api/admin/organizations/${uuid}`, adminToken, { name: 'X' })).statusCode,
      ).toBe(404);
      expect((await api('POST', `/api/admin/organizations/${uuid}/deactivate`, adminToken)).statusCode).toBe(
        404,
      );
    }
    expect(
      (await api('PATCH', '/api/admin/organizations/not-a-uuid', adminToken, { name: 'X' })).statusCode,
    ).toBe(400);
  });

  it('deactivates: its people’s sessions end and they sign in, reset and enrol no more; reactivating lets them in again', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, `Paused ${tag}`);
    const person = await createUser(db, {
      organizationUuid: org.uuid,
      role: 'it-owner',
      email: `paused-${tag}@paused.test`,
      password: PASSWORD,
    });
    const session = (await login(t.app, person.email, PASSWORD)).json();
    const me = (token: string) => api('GET', '/api/user/shared/auth/me', token);
    expect((await me(session.accessToken)).statusCode).toBe(200);
    const invitation = await t.services.auth.passwords.mailInvitation(
      await createUser(db, { organizationUuid: org.uuid, email: `invitee-${tag}@paused.test` }),
      { inviterName: null, organizationName: org.name },
    );

    const deactivated = await api('POST', `/api/admin/organizations/${org.uuid}/deactivate`, adminToken);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().deactivatedAt).not.toBeNull();
    const listed = async (status: string) =>
      (
        await api(
          'GET',
          `/api/admin/organizations?status=${status}&textSearchQuery=Paused ${tag}`,
          adminToken,
        )
      )
        .json()
        .items.map((o: AdminOrganization) => o.uuid);
    expect(await listed('deactivated')).toEqual([org.uuid]);
    expect(await listed('active')).toEqual([]);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    const refreshed = await api('POST', '/api/user/shared/auth/unprotected/refresh', undefined, {
      refreshToken: session.refreshToken,
    });
    expect(refreshed.statusCode).toBe(401);
    // The right password is told why; a wrong one learns nothing new.
    const refused = await login(t.app, person.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].errorType).toBe('OrganizationDeactivated');
    expect((await login(t.app, person.email, 'wrong password!')).json().errors[0].errorType).toBe(
      'InvalidCredentials',
    );
    const invited = await api('POST', '/api/user/owner/auth/unprotected/set-password', undefined, {
      invitationToken: new URL(invitation).searchParams.get('invitationToken'),
      encryptedPassword: encryptPassword(await publicKey(t.app), PASSWORD),
    });
    expect(invited.statusCode).toBe(400);
    const mailsBefore = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    expect(
      (
        await api('POST', '/api/user/shared/auth/unprotected/request-password-reset', undefined, {
          email: person.email,
        })
      ).statusCode,
    ).toBe(204);
    expect((await api('POST', '/api/enrollment/code', undefined, { email: person.email })).statusCode).toBe(
      204,
    );
    await t.services.deferred.drain();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email))).toHaveLength(
      mailsBefore.length,
    );
    // A provider admin still acts for it (act-as is as it was).
    const actAs = await api('POST', '/api/user/shared/auth/act-as', adminToken, {
      organizationUuid: org.uuid,
    });
    expect(actAs.statusCode).toBe(200);
    // Act-as ended the session it came from: the provider admin goes on with the new one.
    const acting = actAs.json().accessToken as string;
    expect((await api('GET', '/api/organization/settings', acting)).json().name).toBe(org.name);
    expect((await api('POST', `/api/admin/organizations/${org.uuid}/deactivate`, acting)).statusCode).toBe(
      409,
    );

    const reactivated = await api('POST', `/api/admin/organizations/${org.uuid}/reactivate`, acting);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().deactivatedAt).toBeNull();
    expect((await login(t.app, person.email, PASSWORD)).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/organizations/${org.uuid}/reactivate`, acting)).statusCode).toBe(
      409,
    );
    const types = await db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, org.uuid), sql`${eventLog.type} like 'ORGANIZATION_%'`))
      .orderBy(eventLog.createdAt);
    expect(types.map((e) => e.type)).toEqual(['ORGANIZATION_DEACTIVATED', 'ORGANIZATION_REACTIVATED']);
  });

  describe('npm run admin -- create-organization', () => {
    it('parses its options, with defaults for what it may leave out, and explains mistakes', () => {
      expect(
        parseAdminCommand(['create-organization', '--name', 'Acme', '--owner-email', 'anna.berg@acme.test'])
          .command,
      ).toEqual({
        action: 'create-organization',
        organization: {
          name: 'Acme',
          country: 'DE',
          timeZone: 'Europe/Berlin',
          workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        },
        owner: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@acme.test' },
      });
      const full = parseAdminCommand([
        'create-organization',
        '--name',
        'Fabrikam',
        '--owner-email',
        'it@fabrikam.test',
        '--owner-first-name',
        'Ines',
        '--owner-last-name',
        'Tan',
        '--country',
        'SG',
        '--time-zone',
        'Asia/Singapore',
        '--working-days',
        'sunday,monday,tuesday,wednesday,thursday',
      ]).command;
      expect(full).toMatchObject({
        organization: { country: 'SG', timeZone: 'Asia/Singapore' },
        owner: { firstName: 'Ines', lastName: 'Tan' },
      });
      expect(() => parseAdminCommand(['create-organization', '--owner-email', 'a@b.test'])).toThrow(/--name/);
      expect(() => parseAdminCommand(['create-organization', '--name', 'X'])).toThrow(/--owner-email/);
      expect(() =>
        parseAdminCommand([
          'create-organization',
          '--name',
          'X',
          '--owner-email',
          'a@b.test',
          '--country',
          'Germany',
        ]),
      ).toThrow(/--country/);
      expect(() =>
        parseAdminCommand([
          'create-organization',
          '--name',
          'X',
          '--owner-email',
          'a@b.test',
          '--working-days',
          'funday',
        ]),
      ).toThrow(/--working-days/);
      expect(() => parseAdminCommand(['create-organization', '--nme', 'X'])).toThrow(UsageError);
    });

    it('creates the organisation and its IT owner and prints the set-password link', async () => {
      const { database, auth } = t.services;
      const service = new OrganizationsAdmin(database.db, systemReads(database.jobStore), auth);
      const lines: string[] = [];
      const email = `cli-owner-${tag}@cli.test`;
      const command = parseAdminCommand([
        'create-organization',
        '--name',
        `Cli ${tag}`,
        '--owner-email',
        email,
      ]).command;
      if (command.action !== 'create-organization') throw new Error('parsed as another command');
      await runOrganizationCommand(service, command, (line) => lines.push(line));
      expect(lines.join('\n')).toMatch(new RegExp(`Created Cli ${tag}.*${email}`, 's'));
      expect(lines.join('\n')).toMatch(/\/auth\/set-password\?invitationToken=[\w-]+/);
      const [org] = await orgsNamed(`Cli ${tag}`);
      const [event] = await t.services.database.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.organizationUuid, org!.uuid), eq(eventLog.type, 'ORGANIZATION_CREATED')));
      expect(event).toMatchObject({
        actorUuid: null,
        data: expect.objectContaining({ via: 'command line' }),
      });
      await expect(runOrganizationCommand(service, command, () => undefined)).rejects.toThrow(
        /already in use/,
      );
    });
  });
});
