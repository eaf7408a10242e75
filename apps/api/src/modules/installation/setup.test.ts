import type { InstallationSetupRequest } from '@equip/domain/setup';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  eventLog,
  organizations,
  PROVIDER_ORGANIZATION_UUID,
  setupLinks,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { encryptPassword, login, publicKey } from '../../test/auth-client.ts';
import { openFreshTestDatabase } from '../../test/database.ts';
import { bearer } from '../../test/factories.ts';
import { sha256 } from '../auth/index.ts';
import { InstallationSetup } from './setup.ts';

const PASSWORD = 'a long first password';

/**
 * The first set-up of an installation without the demo, each on a database of its own (the worker's
 * shared one has organisations): the printed link, the set-up of an organisation with its IT owner or
 * of a provider admin with the organisation they act for, once, all or nothing.
 */
describe('setting up an empty installation', () => {
  let t: TestApp;
  let database: Database;
  let setup: InstallationSetup;

  beforeAll(async () => {
    database = await openFreshTestDatabase();
    t = await createTestApp({ database });
    setup = new InstallationSetup(database.db, t.services.auth, t.services.config.publicUrl);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const check = (token: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/setup/check', payload: { token } });
  const complete = (payload: object) => t.app.inject({ method: 'POST', url: '/api/setup', payload });
  const countOf = async (table: 'organizations' | 'users' | 'event_log') => {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };
  async function request(token: string, overrides: Partial<InstallationSetupRequest> = {}) {
    return {
      token,
      kind: 'organization',
      organization: {
        name: 'Nordlicht GmbH',
        country: 'DE',
        timeZone: 'Europe/Berlin',
        workingDays: ['friday', 'monday', 'tuesday', 'wednesday', 'thursday'],
      },
      person: {
        firstName: 'Ida',
        lastName: 'Owner',
        email: 'Ida.Owner@nordlicht.test',
        encryptedPassword: encryptPassword(await publicKey(t.app), PASSWORD),
        locale: 'de',
      },
      ...overrides,
    } satisfies InstallationSetupRequest;
  }

  it('prints a link whose token is kept only as its hash, and logs it; another start prints another', async () => {
    expect(await setup.needed()).toBe(true);
    const link = await setup.printableLink();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/setup\?token=[\w-]{43}$/);
    const stored = await database.db.select().from(setupLinks);
    expect(stored.map((row) => row.tokenHash)).toContain(sha256(tokenOf(link!)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link!));
    const [issued] = await database.db.select().from(eventLog).where(eq(eventLog.type, 'SETUP_LINK_ISSUED'));
    expect(issued).toMatchObject({ organizationUuid: PROVIDER_ORGANIZATION_UUID, actorUuid: null });
    const checked = await check(tokenOf(link!));
    expect(checked.statusCode).toBe(200);
    expect(Date.parse(checked.json().expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    // The next start, the link still unused, prints another one (both work until one is used).
    const next = await setup.printableLink();
    expect(tokenOf(next!)).not.toBe(tokenOf(link!));
    expect((await check(tokenOf(next!))).statusCode).toBe(200);
  });

  it('refuses a wrong, missing or expired link with a 400 at the token', async () => {
    const wrong = await check('not-a-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ errorType: 'InvalidToken', param: 'token' });
    expect((await check('')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/setup/check', payload: {} })).statusCode).toBe(
      400,
    );
    const link = (await setup.printableLink())!;
    await database.db
      .update(setupLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(setupLinks.tokenHash, sha256(tokenOf(link))));
    const expired = await complete(await request(tokenOf(link)));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].errorType).toBe('InvalidToken');
    expect(await countOf('organizations')).toBe(1);
  });

  it('refuses bad input at the field and writes nothing: the link still works afterwards', async () => {
    const token = tokenOf((await setup.printableLink())!);
    const before = { orgs: await countOf('organizations'), people: await countOf('users') };
    const good = await request(token);
    const cases: [object, string][] = [
      [{ ...good, organization: { ...good.organization, country: 'XX' } }, 'organization.country'],
      [
        { ...good, organization: { ...good.organization, timeZone: 'Mars/Olympus' } },
        'organization.timeZone',
      ],
      [{ ...good, organization: { ...good.organization, workingDays: [] } }, 'organization.workingDays'],
      [
        { ...good, organization: { ...good.organization, workingDays: ['monday', 'monday'] } },
        'organization.workingDays',
      ],
      [{ ...good, organization: { ...good.organization, name: '  ' } }, 'organization.name'],
      [{ ...good, person: { ...good.person, email: 'nope' } }, 'person.email'],
      [{ ...good, kind: 'tenant' }, 'kind'],
      [{ ...good, person: { ...good.person, encryptedPassword: 'garbage' } }, 'person.encryptedPassword'],
      [
        {
          ...good,
          person: { ...good.person, encryptedPassword: encryptPassword(await publicKey(t.app), 'short') },
        },
        'person.encryptedPassword',
      ],
    ];
    for (const [payload, param] of cases) {
      const res = await complete(payload);
      expect(res.statusCode, param).toBe(400);
      expect(
        res.json().errors.map((e: { param: string }) => e.param),
        param,
      ).toContain(param);
    }
    expect({ orgs: await countOf('organizations'), people: await countOf('users') }).toEqual(before);
    expect((await check(token)).statusCode).toBe(200);
  });

  it('creates the organisation and its IT owner once, signs them in at the setup steps, and logs it all', async () => {
    const token = tokenOf((await setup.printableLink())!);
    const spare = tokenOf((await setup.printableLink())!);
    const done = await complete(await request(token));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ onboardingStep: 'registerDevices' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/shared/auth/me',
      headers: bearer(done.json().accessToken),
    });
    expect(me.json()).toMatchObject({
      role: 'it-owner',
      email: 'ida.owner@nordlicht.test',
      organizationName: 'Nordlicht GmbH',
      timeZone: 'Europe/Berlin',
      locale: 'de',
    });
    const [org] = await database.db
      .select()
      .from(organizations)
      .where(eq(organizations.uuid, me.json().organizationUuid));
    expect(org).toMatchObject({
      country: 'DE',
      workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      onboardingStep: 'registerDevices',
      deactivatedAt: null,
    });
    const types = (await database.db.select().from(eventLog)).map((e) => `${e.type}@${e.organizationUuid}`);
    expect(types).toEqual(
      expect.arrayContaining([
        `ORGANIZATION_CREATED@${org!.uuid}`,
        `USER_ADDED@${org!.uuid}`,
        `INSTALLATION_SET_UP@${PROVIDER_ORGANIZATION_UUID}`,
      ]),
    );
    // The password chosen on the page signs in from now on.
    expect((await login(t.app, 'ida.owner@nordlicht.test', PASSWORD)).statusCode).toBe(200);

    // Once: the same link again, and any other link, no longer set anything up.
    const again = await complete(await request(token, { kind: 'provider' }));
    expect(again.statusCode).toBe(400);
    expect((await check(spare)).statusCode).toBe(409);
    const late = await complete({
      ...(await request(spare)),
      person: { ...(await request(spare)).person, email: 'late@nordlicht.test' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].msg).toBe('Equip is already set up. Sign in instead.');
    expect(await countOf('organizations')).toBe(2);
    expect(await setup.needed()).toBe(false);
    expect(await setup.printableLink()).toBeNull();
  });
});

describe('setting up an installation for several organisations', () => {
  let t: TestApp;
  let database: Database;

  beforeAll(async () => {
    database = await openFreshTestDatabase();
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('creates the first provider admin, acting for the first organisation, and lets only one of two set-ups through', async () => {
    const setup = new InstallationSetup(database.db, t.services.auth, t.services.config.publicUrl);
    const tokens = [await setup.printableLink(), await setup.printableLink()].map(
      (link) => new URL(link!).searchParams.get('token')!,
    );
    const jwk = await publicKey(t.app);
    const body = (token: string, email: string) => ({
      token,
      kind: 'provider',
      organization: {
        name: `First of ${email}`,
        country: 'GB',
        timeZone: 'Europe/London',
        workingDays: ['monday'],
      },
      person: {
        firstName: 'Pia',
        lastName: 'Provider',
        email,
        encryptedPassword: encryptPassword(jwk, PASSWORD),
      },
    });
    // Two people with two links at once: the installation's row is locked, the second finds it set up.
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/setup', payload: body(tokens[0]!, 'pia@provider.test') }),
      t.app.inject({ method: 'POST', url: '/api/setup', payload: body(tokens[1]!, 'pat@provider.test') }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/shared/auth/me',
      headers: bearer(winner.json().accessToken),
    });
    expect(me.json().role).toBe('equip-admin');
    expect(me.json().organizationName).toMatch(/^First of /);
    const admins = await database.db
      .select()
      .from(users)
      .where(eq(users.organizationUuid, PROVIDER_ORGANIZATION_UUID));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'equip-admin', userType: 'unmanagedUser' });
    const orgs = await database.db.select().from(organizations);
    expect(orgs).toHaveLength(2);
    const added = await database.db.select().from(eventLog).where(eq(eventLog.type, 'PROVIDER_ADMIN_ADDED'));
    expect(added).toHaveLength(1);
    expect(added[0]!.organizationUuid).toBe(PROVIDER_ORGANIZATION_UUID);
    // The provider admin acts for the organisation: its setup steps are theirs to take.
    const steps = await t.app.inject({
      method: 'GET',
      url: '/api/organization/setup',
      headers: bearer(winner.json().accessToken),
    });
    expect(steps.statusCode).toBe(200);
  });
});
