import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsInUseAnywhere } from '../../db/emails.ts';
import { eventLog, organizations, ssoStates, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { login } from '../../test/auth-client.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';

/**
 * Issue 24, findings 2 and 3: an email identified an account only within an organisation, so one
 * organisation's it-owner could give a person another organisation's person's email, and single sign-on,
 * password sign-in and failed-login accounting acted on whichever account came first. Each test here
 * failed before migration 0029.
 */

const PASSWORD = 'correct horse battery staple';

describe('one account per email in the whole installation', () => {
  let t: TestApp;
  let attackerOrg: string;
  let victimOrg: string;
  let attackerToken: string;
  let adminToken: string;
  let victim: Awaited<ReturnType<typeof createUser>>;

  const db = () => t.services.database.db;
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });
  const ssoStart = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/shared/auth/unprotected/sso/start', payload: { email } });
  const failedLogins = async (organizationUuid: string, subjectUuid: string) =>
    (
      await db()
        .select()
        .from(eventLog)
        .where(
          and(
            eq(eventLog.organizationUuid, organizationUuid),
            eq(eventLog.type, 'LOGIN_FAILED'),
            eq(eventLog.subjectUuid, subjectUuid),
          ),
        )
    ).length;

  beforeAll(async () => {
    t = await createTestApp();
    const tag = randomUUID().slice(0, 8);
    attackerOrg = (await createOrganization(db(), `Attacker ${tag}`)).uuid;
    victimOrg = (await createOrganization(db(), `Victim ${tag}`)).uuid;
    const attacker = await createUser(db(), { organizationUuid: attackerOrg, role: 'it-owner' });
    attackerToken = await tokenFor(t.services, attacker);
    victim = await createUser(db(), {
      organizationUuid: victimOrg,
      role: 'it-owner',
      email: `victim-${tag}@victim-${tag}.test`,
      password: PASSWORD,
    });
    const admin = await createUser(db(), {
      organizationUuid: attackerOrg,
      role: 'equip-admin',
      email: `operator-${tag}@equip.test`,
    });
    adminToken = await tokenFor(t.services, admin);
    // The attacker's organisation has single sign-on (the probe's setup); no provider is contacted here.
    await db()
      .update(organizations)
      .set({ ssoIssuer: 'https://idp.attacker.example', ssoClientId: 'c', ssoClientSecret: 's' })
      .where(eq(organizations.uuid, attackerOrg));
  });
  afterAll(() => t.app.close());

  it("refuses another organisation's email on every write, case and Unicode form aside, naming nothing", async () => {
    // Full-width letters fold to plain ones under NFKC: the same email as the victim's, as people read
    // it. (The API's email format refuses them anyway; the database's key is the backstop.)
    const fullWidth = victim.email.replace('victim', 'ｖｉｃｔｉｍ');
    expect(await emailsInUseAnywhere(db(), [fullWidth, `x${victim.email}`])).toEqual(new Set([fullWidth]));
    for (const email of [victim.email, victim.email.toUpperCase()]) {
      const created = await api('POST', '/api/employees', attackerToken, {
        firstName: 'Eve',
        lastName: 'Copy',
        email,
        role: 'regular',
        userType: 'regularUser',
      });
      expect(created.statusCode, email).toBe(409);
      expect(created.json().errors[0]).toMatchObject({ errorType: 'EmailIsUsed', param: 'email' });
      expect(created.body).not.toMatch(/Victim|victim-org|organisation/);
    }
    const bulk = await api('POST', '/api/employees/bulk', attackerToken, {
      employees: [
        { firstName: 'A', lastName: 'A', email: `fine-${randomUUID()}@attacker.test` },
        { firstName: 'B', lastName: 'B', email: victim.email },
      ],
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().errors[0]).toMatchObject({ errorType: 'EmailIsUsed', param: 'employees.1.email' });

    const colleague = await createUser(db(), { organizationUuid: attackerOrg });
    const changed = await api('PATCH', `/api/employees/${colleague.uuid}`, attackerToken, {
      email: victim.email,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors[0].errorType).toBe('EmailIsUsed');

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/employees/import',
      headers: { ...bearer(attackerToken), 'content-type': 'text/csv', 'x-file-name': 'people.csv' },
      payload: `First Name,Last Name,Email\nAnna,Ok,ok-${randomUUID()}@attacker.test\nEve,Copy,${victim.email.toUpperCase()}\n`,
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().errors).toEqual([
      expect.objectContaining({ errorType: 'EmailInUse', param: 'rows.1.email' }),
    ]);

    const inUse = await api('POST', '/api/employees/import/check-emails', attackerToken, {
      emails: [victim.email, `free-${randomUUID()}@attacker.test`],
    });
    expect(inUse.statusCode).toBe(200);
    expect(inUse.json().inUse).toEqual([victim.email]);

    const providerAdmin = await api('POST', '/api/admin/provider-admins', adminToken, {
      email: victim.email,
      firstName: 'Olga',
      lastName: 'Ops',
    });
    expect(providerAdmin.statusCode).toBe(409);
    expect(providerAdmin.json().errors[0].errorType).toBe('EmailIsUsed');

    const copies = await db().select().from(users).where(eq(users.emailKey, victim.email.toLowerCase()));
    expect(copies.map((u) => u.uuid)).toEqual([victim.uuid]);
  });

  it("routes single sign-on by the account's own organisation, never another's", async () => {
    // The victim's organisation has no single sign-on: the attacker's provider is not offered.
    expect((await ssoStart(victim.email)).json()).toEqual({ authorizationUrl: null });
    await db()
      .update(organizations)
      .set({ ssoIssuer: 'https://idp.victim.example', ssoClientId: 'v', ssoClientSecret: 'v' })
      .where(eq(organizations.uuid, victimOrg));
    try {
      const started = await ssoStart(victim.email);
      const state = new URL(started.json().authorizationUrl).searchParams.get('state')!;
      const rounds = await db().select().from(ssoStates).where(eq(ssoStates.loginHint, victim.email));
      expect(rounds.map((r) => r.organizationUuid)).toEqual([victimOrg]);
      expect(state).toHaveLength(43);
    } finally {
      await db()
        .update(organizations)
        .set({ ssoIssuer: null, ssoClientId: null, ssoClientSecret: null })
        .where(eq(organizations.uuid, victimOrg));
    }
  });

  it("writes a failed sign-in to the account's own organisation only", async () => {
    const wrong = await login(t.app, victim.email, 'not the password at all', '10.24.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(await failedLogins(victimOrg, victim.uuid)).toBe(1);
    const [attackerSide] = await db()
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.organizationUuid, attackerOrg), eq(eventLog.type, 'LOGIN_FAILED')));
    expect(attackerSide).toBeUndefined();
  });

  describe('emails shared before the rule (migration 0029 marks them)', () => {
    let first: Awaited<ReturnType<typeof createUser>>;
    let second: Awaited<ReturnType<typeof createUser>>;
    const shared = `shared-${randomUUID().slice(0, 8)}@shared.test`;

    beforeAll(async () => {
      // What the migration finds: the same email in two organisations, both marked.
      first = await createUser(db(), {
        organizationUuid: victimOrg,
        email: shared,
        password: PASSWORD,
      });
      await db().update(users).set({ emailConflict: true }).where(eq(users.uuid, first.uuid));
      second = await createUser(db(), {
        organizationUuid: attackerOrg,
        email: shared.toUpperCase(),
        password: PASSWORD,
      });
      await db().update(users).set({ emailConflict: true }).where(eq(users.uuid, second.uuid));
    });

    it('signs nobody in by that email and writes nobody a failed sign-in', async () => {
      expect((await login(t.app, shared, PASSWORD, '10.24.0.4')).statusCode).toBe(401);
      expect((await login(t.app, shared, 'wrong password here', '10.24.0.4')).statusCode).toBe(401);
      expect(await failedLogins(victimOrg, first.uuid)).toBe(0);
      expect(await failedLogins(attackerOrg, second.uuid)).toBe(0);
      expect((await ssoStart(shared)).json()).toEqual({ authorizationUrl: null });
    });

    it('is listed for provider admins, and ends when one of the accounts gets another email', async () => {
      const listed = await api('GET', '/api/admin/email-conflicts', adminToken);
      expect(listed.statusCode).toBe(200);
      const conflict = listed.json().items.find((c: { email: string }) => c.email === shared);
      expect(conflict.accounts.map((a: { uuid: string }) => a.uuid).sort()).toEqual(
        [first.uuid, second.uuid].sort(),
      );
      expect((await api('GET', '/api/admin/email-conflicts', attackerToken)).statusCode).toBe(403);

      const mended = await api('PATCH', `/api/employees/${second.uuid}`, attackerToken, {
        email: `mended-${randomUUID().slice(0, 8)}@attacker.test`,
      });
      expect(mended.statusCode).toBe(200);
      const after = (await api('GET', '/api/admin/email-conflicts', adminToken)).json();
      expect(after.items.some((c: { email: string }) => c.email === shared)).toBe(false);
      // The other account keeps its mark until its own email changes; the mended one signs in.
      const [mendedRow] = await db().select().from(users).where(eq(users.uuid, second.uuid));
      expect(mendedRow!.emailConflict).toBe(false);
      expect((await login(t.app, mendedRow!.email, PASSWORD, '10.24.0.5')).statusCode).toBe(200);
    });
  });
});
