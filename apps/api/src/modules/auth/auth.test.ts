import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { encryptPassword, login, publicKey } from '../../test/auth-client.ts';
import { bearer, createOrganization, createUser, tokenFor } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';
import { AccessTokens } from './access-tokens.ts';

const PASSWORD = 'correct horse battery staple';

describe('identity and access', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let orgUuid: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    orgUuid = (await createOrganization(t.services.database.db, 'Identity GmbH')).uuid;
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.close();
  });

  const newUser = (extra: Partial<Parameters<typeof createUser>[1]> = {}) =>
    createUser(t.services.database.db, {
      organizationUuid: orgUuid,
      role: 'it-owner',
      password: PASSWORD,
      email: `p-${randomUUID()}@identity.test`,
      ...extra,
    });

  describe('password login', () => {
    it('signs in with the encrypted password and returns tokens and the onboarding step', async () => {
      const user = await newUser();
      const res = await login(t.app, user.email.toUpperCase(), PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.onboardingStep).toBe('finished');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user/shared/auth/me',
        headers: bearer(body.accessToken),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        identifier: user.uuid,
        treats: { organization_uuid: orgUuid },
        accountUuid: user.uuid,
        organizationUuid: orgUuid,
        role: 'it-owner',
        organizationName: 'Identity GmbH',
      });
    });

    it('answers a wrong password and an unknown email identically', async () => {
      const user = await newUser();
      const wrong = await login(t.app, user.email, 'not the password');
      const unknown = await login(t.app, `nobody-${randomUUID()}@identity.test`, 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().errors[0].errorType).toBe('InvalidCredentials');
    });

    it('rejects a password that was not encrypted with our key', async () => {
      const user = await newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/login',
        payload: { email: user.email, encryptedPassword: Buffer.from(PASSWORD).toString('base64') },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        msg: 'Failed to encrypt password',
        errorType: 'FailedToEncryptPassword',
      });
    });

    it('validates the login payload', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/login',
        payload: { email: 'not-an-email' },
      });
      expect(res.statusCode).toBe(400);
      const params = res.json().errors.map((e: { param: string }) => e.param);
      expect(params).toEqual(expect.arrayContaining(['email', 'encryptedPassword']));
    });

    it('refuses soft-deleted accounts', async () => {
      const user = await newUser();
      await t.services.database.db
        .update(users)
        .set({ deletedAt: new Date() })
        .where(eq(users.uuid, user.uuid));
      expect((await login(t.app, user.email, PASSWORD)).statusCode).toBe(401);
    });

    it('answers 429 with Retry-After once one address has failed too often on one account', async () => {
      const user = await newUser();
      const jwk = await publicKey(t.app);
      const wrong = encryptPassword(jwk, 'wrong password!');
      // Drive the counter directly to the edge, then one more failure crosses it.
      const { POLICIES } = await import('./rate-limit.ts');
      const { RateLimiter, counter } = await import('../../security/rate-limit.ts');
      const limiter = new RateLimiter(t.services.database.db);
      const pair = counter(POLICIES.loginPerAccountAndAddress, user.email, '10.9.9.9');
      for (let i = 0; i < POLICIES.loginPerAccountAndAddress.limit - 1; i++) await limiter.record([pair]);
      const last = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/login',
        payload: { email: user.email, encryptedPassword: wrong },
        remoteAddress: '10.9.9.9',
      });
      expect(last.statusCode).toBe(401);
      const blocked = await login(t.app, user.email, PASSWORD, '10.9.9.9');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().errors[0].errorType).toBe('TooManyRequests');
    });
  });

  describe('second factor', () => {
    it('asks for an emailed code, sends it over SMTP and completes the sign-in with it', async () => {
      const user = await newUser({});
      await t.services.database.db
        .update(users)
        .set({ preferredMfaMethod: 'email-code' })
        .where(eq(users.uuid, user.uuid));
      const res = await login(t.app, user.email, PASSWORD);
      expect(res.statusCode).toBe(200);
      const { mfaMethod, mfaToken } = res.json();
      expect(mfaMethod).toBe('email-code');
      const mail = await smtp.waitFor(user.email, (m) => m.subject.includes('sign-in code'));
      // The code is in the body only (the subject stays readable in the outbox).
      expect(mail.subject).toBe('Your Equip sign-in code');
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      expect(mail.html).toContain(code);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken, code: code === '000000' ? '111111' : '000000' },
      });
      expect(wrong.statusCode).toBe(401);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken, code },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().accessToken).toBeTruthy();
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken, code },
      });
      expect(again.statusCode).toBe(401);
    });

    it('burns the code after five wrong attempts', async () => {
      const user = await newUser();
      await t.services.database.db
        .update(users)
        .set({ preferredMfaMethod: 'email-code' })
        .where(eq(users.uuid, user.uuid));
      const { mfaToken } = (await login(t.app, user.email, PASSWORD)).json();
      const mail = await smtp.waitFor(user.email);
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const wrongCode = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/mfa/login',
          payload: { mfaToken, code: wrongCode },
        });
        expect(r.statusCode).toBe(401);
      }
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken, code },
      });
      expect(late.statusCode).toBe(401);
    });

    it('resends a code with otp/generate', async () => {
      const user = await newUser();
      await t.services.database.db
        .update(users)
        .set({ preferredMfaMethod: 'email-code' })
        .where(eq(users.uuid, user.uuid));
      const { mfaToken } = (await login(t.app, user.email, PASSWORD)).json();
      await smtp.waitFor(user.email);
      const before = smtp.received.filter((m) => m.to.includes(user.email)).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/otp/generate',
        payload: { mfaToken },
      });
      expect(res.statusCode).toBe(204);
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(user.email)).length).toBe(before + 1);
    });

    it('enrols an authenticator, then requires and accepts its codes and recovery codes', async () => {
      const user = await newUser();
      const token = await tokenFor(t.services, user);
      const setup = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/authenticator/setup',
        headers: bearer(token),
        payload: { encryptedPassword: encryptPassword(await publicKey(t.app), PASSWORD) },
      });
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCodeDataUrl } = setup.json();
      expect(otpauthUrl).toContain('otpauth://totp/');
      expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/authenticator/confirm',
        headers: bearer(token),
        payload: { code: '000000' },
      });
      expect(bad.statusCode).toBe(400);
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/authenticator/confirm',
        headers: bearer(token),
        payload: { code: await generate({ secret }) },
      });
      expect(confirm.statusCode).toBe(200);
      const { recoveryCodes } = confirm.json();
      expect(recoveryCodes).toHaveLength(10);

      const first = (await login(t.app, user.email, PASSWORD)).json();
      expect(first.mfaMethod).toBe('authenticator');
      // The enrolment code was already used in this time step: a replay is refused.
      const replay = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken: first.mfaToken, code: await generate({ secret }) },
      });
      expect(replay.statusCode).toBe(401);
      const viaRecovery = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken: first.mfaToken, code: recoveryCodes[0] },
      });
      expect(viaRecovery.statusCode).toBe(200);

      const second = (await login(t.app, user.email, PASSWORD)).json();
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken: second.mfaToken, code: recoveryCodes[0] },
      });
      expect(reuse.statusCode).toBe(401);
      const nextStep = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken: second.mfaToken, code: nextStep },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('keeps the enrolled authenticator when a new setup is started but not confirmed', async () => {
      const user = await newUser();
      const token = await tokenFor(t.services, user);
      const first = (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/mfa/authenticator/setup',
          headers: bearer(token),
          payload: { encryptedPassword: encryptPassword(await publicKey(t.app), PASSWORD) },
        })
      ).json();
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/authenticator/confirm',
        headers: bearer(token),
        payload: { code: await generate({ secret: first.secret }) },
      });
      expect(confirmed.statusCode).toBe(200);
      const second = (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/mfa/authenticator/setup',
          headers: bearer(token),
          payload: { encryptedPassword: encryptPassword(await publicKey(t.app), PASSWORD) },
        })
      ).json();
      expect(second.secret).not.toBe(first.secret);
      const challenge = (await login(t.app, user.email, PASSWORD)).json();
      expect(challenge.mfaMethod).toBe('authenticator');
      const nextStep = await generate({ secret: first.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/mfa/login',
        payload: { mfaToken: challenge.mfaToken, code: nextStep },
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('refresh tokens', () => {
    async function signedIn() {
      const user = await newUser();
      return {
        user,
        tokens: (await login(t.app, user.email, PASSWORD)).json() as {
          accessToken: string;
          refreshToken: string;
        },
      };
    }
    const refresh = (refreshToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/refresh',
        payload: { refreshToken },
      });

    it('rotates on every refresh', async () => {
      const { tokens } = await signedIn();
      const res = await refresh(tokens.refreshToken);
      expect(res.statusCode).toBe(200);
      const next = res.json();
      expect(next.refreshToken).not.toBe(tokens.refreshToken);
      expect(next.accessToken).toBeTruthy();
      expect((await refresh(next.refreshToken)).statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token comes back after the grace period', async () => {
      const { user, tokens } = await signedIn();
      const next = (await refresh(tokens.refreshToken)).json();
      // Age the rotation beyond the concurrent-refresh grace period.
      await t.services.database.db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.userUuid, user.uuid));
      const reuse = await refresh(tokens.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    });

    const sessionTokens = (userUuid: string) =>
      t.services.database.db
        .select({ familyUuid: refreshTokens.familyUuid, rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.userUuid, userUuid));

    it('handles concurrent refreshes with one token without logging the user out', async () => {
      const { user, tokens } = await signedIn();
      const results = await Promise.all([
        refresh(tokens.refreshToken),
        refresh(tokens.refreshToken),
        refresh(tokens.refreshToken),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      // All three got the one successor: the session is one line of tokens, not three branches.
      expect(new Set(results.map((r) => r.json().refreshToken)).size).toBe(1);
      expect(await sessionTokens(user.uuid)).toHaveLength(2);
      for (const r of results) expect((await refresh(r.json().refreshToken)).statusCode).toBe(200);
    });

    it('answers a replay within the grace with the same successor, so the session does not fork (issue 24)', async () => {
      const { user, tokens } = await signedIn();
      const first = await refresh(tokens.refreshToken);
      const replay = await refresh(tokens.refreshToken);
      expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
      expect(replay.json().refreshToken).toBe(first.json().refreshToken);
      const rows = await sessionTokens(user.uuid);
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((row) => row.familyUuid)).size).toBe(1);

      // The session goes on from the successor; the first token replayed now, still within the grace,
      // is a branch that went nowhere: reuse, and the whole session ends.
      const next = await refresh(first.json().refreshToken);
      expect(next.statusCode).toBe(200);
      expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
      expect((await refresh(next.json().refreshToken)).statusCode).toBe(401);
      expect(await sessionTokens(user.uuid)).toHaveLength(3);
    });

    it('needs refreshToken', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/refresh',
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ param: 'refreshToken', msg: 'Required' });
    });

    it('logout revokes the session', async () => {
      const { tokens } = await signedIn();
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/logout',
        payload: { refreshToken: tokens.refreshToken },
      });
      expect(out.statusCode).toBe(204);
      expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    });

    it('refuses expired and forged access tokens', async () => {
      const { user } = await signedIn();
      const sessionUuid = randomUUID();
      const expired = await new AccessTokens(t.services.keys.jwtSecret, -10).sign({
        sessionUuid,
        userUuid: user.uuid,
        role: 'it-owner',
        organizationUuid: orgUuid,
        homeOrganizationUuid: orgUuid,
      });
      const forged = await new AccessTokens(new TextEncoder().encode('x'.repeat(48)), 60).sign({
        sessionUuid,
        userUuid: user.uuid,
        role: 'equip-admin',
        organizationUuid: orgUuid,
        homeOrganizationUuid: orgUuid,
      });
      for (const token of [expired, forged, 'garbage']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/user/shared/auth/me',
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(401);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/user/shared/auth/me' })).statusCode).toBe(401);
    });
  });

  describe('invitations and password reset', () => {
    it('invites a person, who sets a password from the mailed link and is signed in', async () => {
      const owner = await newUser();
      const invitee = await createUser(t.services.database.db, {
        organizationUuid: orgUuid,
        email: `inv-${randomUUID()}@identity.test`,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/owner/auth/invite',
        headers: bearer(await tokenFor(t.services, owner)),
        payload: { userUuid: invitee.uuid },
      });
      expect(res.statusCode).toBe(204);
      const mail = await smtp.waitFor(invitee.email, (m) => m.subject.includes('invited you'));
      const link = /(http\S+set-password\S+)/.exec(mail.text)![1]!;
      const invitationToken = new URL(link).searchParams.get('invitationToken')!;
      const jwk = await publicKey(t.app);
      const short = await t.app.inject({
        method: 'POST',
        url: '/api/user/owner/auth/unprotected/set-password',
        payload: { invitationToken, encryptedPassword: encryptPassword(jwk, 'short') },
      });
      expect(short.statusCode).toBe(400);
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/user/owner/auth/unprotected/set-password',
        payload: { invitationToken, encryptedPassword: encryptPassword(jwk, 'a new long password') },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().accessToken).toBeTruthy();
      expect((await login(t.app, invitee.email, 'a new long password')).statusCode).toBe(200);
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/user/owner/auth/unprotected/set-password',
        payload: { invitationToken, encryptedPassword: encryptPassword(jwk, 'another password') },
      });
      expect(reuse.statusCode).toBe(400);
    });

    it('resets a password through the mailed single-use link and ends old sessions', async () => {
      const user = await newUser();
      const old = (await login(t.app, user.email, PASSWORD)).json();
      const req = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/request-password-reset',
        payload: { email: user.email },
      });
      expect(req.statusCode).toBe(204);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/request-password-reset',
        payload: { email: `ghost-${randomUUID()}@identity.test` },
      });
      expect(unknown.statusCode).toBe(204);
      const mail = await smtp.waitFor(user.email, (m) => m.subject.includes('Reset'));
      const token = new URL(/(http\S+reset-password\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
      const jwk = await publicKey(t.app);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/reset-password',
        payload: { token },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].msg).toBe('Password is required');
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/reset-password',
        payload: { token, encryptedPassword: encryptPassword(jwk, 'brand new password') },
      });
      expect(ok.statusCode).toBe(204);
      expect((await login(t.app, user.email, 'brand new password')).statusCode).toBe(200);
      expect((await login(t.app, user.email, PASSWORD)).statusCode).toBe(401);
      const oldRefresh = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/refresh',
        payload: { refreshToken: old.refreshToken },
      });
      expect(oldRefresh.statusCode).toBe(401);
      const twice = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/reset-password',
        payload: { token, encryptedPassword: encryptPassword(jwk, 'yet another password') },
      });
      expect(twice.statusCode).toBe(400);
    });
  });

  describe('roles and tenants', () => {
    it('lets only provider admins act for another organisation, and the token then treats it', async () => {
      const other = await createOrganization(t.services.database.db, 'Other Org');
      const owner = await newUser();
      const admin = await newUser({ role: 'equip-admin' });
      const asOwner = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/act-as',
        headers: bearer(await tokenFor(t.services, owner)),
        payload: { organizationUuid: other.uuid },
      });
      expect(asOwner.statusCode).toBe(403);
      const asAdmin = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/act-as',
        headers: bearer(await tokenFor(t.services, admin)),
        payload: { organizationUuid: other.uuid },
      });
      expect(asAdmin.statusCode).toBe(200);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user/shared/auth/me',
        headers: bearer(asAdmin.json().accessToken),
      });
      expect(me.json()).toMatchObject({
        treats: { organization_uuid: other.uuid },
        organizationName: 'Other Org',
      });
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/unprotected/refresh',
        payload: { refreshToken: asAdmin.json().refreshToken },
      });
      const meAfter = await t.app.inject({
        method: 'GET',
        url: '/api/user/shared/auth/me',
        headers: bearer(refreshed.json().accessToken),
      });
      expect(meAfter.json().organizationUuid).toBe(other.uuid);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/user/shared/auth/act-as',
        headers: bearer(await tokenFor(t.services, admin)),
        payload: { organizationUuid: randomUUID() },
      });
      expect(missing.statusCode).toBe(404);
    });

    it("does not invite another organisation's employee (404, not 403)", async () => {
      const other = await createOrganization(t.services.database.db);
      const stranger = await createUser(t.services.database.db, { organizationUuid: other.uuid });
      const owner = await newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/owner/auth/invite',
        headers: bearer(await tokenFor(t.services, owner)),
        payload: { userUuid: stranger.uuid },
      });
      expect(res.statusCode).toBe(404);
      const regular = await newUser({ role: 'regular' });
      const forbidden = await t.app.inject({
        method: 'POST',
        url: '/api/user/owner/auth/invite',
        headers: bearer(await tokenFor(t.services, regular)),
        payload: { userUuid: regular.uuid },
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });
});
