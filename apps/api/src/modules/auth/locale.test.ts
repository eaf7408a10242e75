import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';

/** A person's language (UI and mail) and the organisation's time zone. */
describe('language and time zone', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let orgUuid: string;
  const db = () => t.services.database.db;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    orgUuid = (await createOrganization(db(), 'Sprachen GmbH')).uuid;
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.close();
  });

  const setLocale = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/shared/auth/me/locale',
      headers: token ? bearer(token) : {},
      payload: payload as never,
    });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/shared/auth/me', headers: bearer(token) })).json();

  it('stores the chosen language on the person, answers it with the time zone, and null follows the browser', async () => {
    const person = await createUser(db(), { organizationUuid: orgUuid, role: 'regular' });
    const token = await tokenFor(t.services, person);
    expect(await me(token)).toMatchObject({ locale: null, timeZone: 'Europe/Berlin' });
    expect((await setLocale(token, { locale: 'de' })).statusCode).toBe(204);
    expect(await me(token)).toMatchObject({ locale: 'de' });
    expect((await setLocale(token, { locale: null })).statusCode).toBe(204);
    expect((await me(token)).locale).toBeNull();
  });

  it('refuses unknown languages and missing bodies in the error payload, and anonymous callers', async () => {
    const person = await createUser(db(), { organizationUuid: orgUuid, role: 'regular' });
    const token = await tokenFor(t.services, person);
    const bad = await setLocale(token, { locale: 'klingon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ param: 'locale', errorType: 'ZodValidationError' });
    expect((await setLocale(token, {})).statusCode).toBe(400);
    expect((await setLocale(null, { locale: 'de' })).statusCode).toBe(401);
    const [row] = await db().select({ locale: users.locale }).from(users).where(eq(users.uuid, person.uuid));
    expect(row!.locale).toBeNull();
  });

  it("mails in the recipient's language", async () => {
    const person = await createUser(db(), {
      organizationUuid: orgUuid,
      role: 'regular',
      password: 'a long password',
    });
    await setLocale(await tokenFor(t.services, person), { locale: 'de' });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/user/shared/auth/unprotected/request-password-reset',
      payload: { email: person.email },
    });
    expect(requested.statusCode).toBe(204);
    const mail = await smtp.waitFor(person.email, (m) => m.subject.includes('Passwort'));
    expect(mail.subject).toBe('Equip-Passwort zurücksetzen');
    expect(mail.text).toContain('Jemand hat angefordert, das Passwort dieses Equip-Kontos zurückzusetzen.');
    expect(mail.text).toMatch(/Neues Passwort festlegen:\nhttp\S+\/auth\/reset-password\?token=/);
    expect(mail.html).toContain('lang="de"');
  });

  describe('organisation settings', () => {
    const settings = (token: string | null, method: 'GET' | 'PATCH' = 'GET', payload?: unknown) =>
      t.app.inject({
        method,
        url: '/api/organization/settings',
        headers: token ? bearer(token) : {},
        ...(payload ? { payload: payload as never } : {}),
      });

    it('lets an IT owner read and change the time zone, logs it, and the person sees it', async () => {
      const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
      const token = await tokenFor(t.services, owner);
      expect((await settings(token)).json()).toEqual({ name: 'Sprachen GmbH', timeZone: 'Europe/Berlin' });
      const changed = await settings(token, 'PATCH', { timeZone: 'America/New_York' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ name: 'Sprachen GmbH', timeZone: 'America/New_York' });
      expect((await me(token)).timeZone).toBe('America/New_York');
      const events = await db().select().from(eventLog).where(eq(eventLog.subjectUuid, orgUuid));
      expect(events.map((e) => e.type)).toContain('ORGANIZATION_UPDATED');
      await settings(token, 'PATCH', { timeZone: 'Europe/Berlin' });
    });

    it('refuses an unknown time zone and an empty name, writing nothing', async () => {
      const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
      const token = await tokenFor(t.services, owner);
      const zone = await settings(token, 'PATCH', { timeZone: 'Mars/Olympus_Mons' });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().errors[0]).toMatchObject({ param: 'timeZone', msg: 'Unknown time zone' });
      expect((await settings(token, 'PATCH', { name: '  ' })).statusCode).toBe(400);
      expect((await settings(token)).json()).toEqual({ name: 'Sprachen GmbH', timeZone: 'Europe/Berlin' });
    });

    it('is for IT owners of the organisation only', async () => {
      const regular = await createUser(db(), { organizationUuid: orgUuid, role: 'regular' });
      expect((await settings(await tokenFor(t.services, regular))).statusCode).toBe(403);
      expect((await settings(null)).statusCode).toBe(401);
      const other = await createOrganization(db(), 'Andere AG');
      const stranger = await createUser(db(), { organizationUuid: other.uuid, role: 'it-owner' });
      const strangerToken = await tokenFor(t.services, stranger);
      await settings(strangerToken, 'PATCH', { timeZone: 'Asia/Tokyo' });
      expect((await settings(strangerToken)).json().name).toBe('Andere AG');
      const [ours] = await db().select().from(eventLog).where(eq(eventLog.subjectUuid, other.uuid));
      expect(ours?.organizationUuid).toBe(other.uuid);
      const owner = await createUser(db(), { organizationUuid: orgUuid, role: 'it-owner' });
      expect((await settings(await tokenFor(t.services, owner))).json().timeZone).toBe('Europe/Berlin');
    });
  });
});
