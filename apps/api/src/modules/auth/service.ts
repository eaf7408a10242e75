import { ErrorType, Messages } from '@equip/domain/errors';
import {
  type CurrentUser,
  type LoginResponse,
  type MfaMethod,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type RefreshResponse,
} from '@equip/domain/identity';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { organizations, recoveryCodes, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../http/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import { logEvent } from '../events/log.ts';
import type { AccessTokens } from './access-tokens.ts';
import { decryptPassword, type InstallationKeys } from './keys.ts';
import { authMails } from './mails.ts';
import { OneTimeTokens, TOKEN_PURPOSES } from './one-time-tokens.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { LIMITS, RateLimiter } from './rate-limit.ts';
import { RefreshTokens } from './refresh-tokens.ts';
import { numericCode, sameDigest, sha256 } from './secrets.ts';
import { newRecoveryCodes, newTotpSecret, totpEnrolment, verifyTotp } from './totp.ts';

export type User = typeof users.$inferSelect;
export type LoggedIn = {
  accessToken: string;
  refreshToken: string;
  onboardingStep: 'registerDevices' | 'createBundle' | 'finished';
};

/** The most attempts one emailed or texted code allows (SPEC-backed issue requirement). */
export const MAX_CODE_ATTEMPTS = 5;

const invalidCredentials = () =>
  new AppError(401, { msg: 'Email or password is incorrect', errorType: ErrorType.InvalidCredentials });
const invalidMfaCode = () =>
  new AppError(401, { msg: 'The code is not valid', errorType: ErrorType.InvalidMfaCode });
const invalidToken = (msg = 'This link is invalid or has expired') =>
  new AppError(400, { msg, errorType: ErrorType.InvalidToken });

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  keys: InstallationKeys;
  accessTokens: AccessTokens;
  mailer: Mailer;
  sms: SmsSender;
  now?: () => Date;
}

/** Identity flows: login with MFA, tokens, invitations, password reset, email verification, MFA enrolment. */
export class AuthService {
  readonly limiter: RateLimiter;
  readonly refreshTokens: RefreshTokens;
  readonly tokens: OneTimeTokens;
  private readonly db: Db;

  constructor(private readonly deps: AuthDeps) {
    this.db = deps.db;
    const now = deps.now ?? (() => new Date());
    this.limiter = new RateLimiter(deps.db, now);
    this.refreshTokens = new RefreshTokens(deps.db, now);
    this.tokens = new OneTimeTokens(deps.db, now);
  }

  // ---------------------------------------------------------------- passwords

  /** Turns the browser's RSA-OAEP ciphertext into a password that meets the policy, or a 400. */
  plainPassword(encryptedPassword: string, param = 'encryptedPassword'): string {
    const password = decryptPassword(this.deps.keys, encryptedPassword);
    if (password === null) {
      throw badRequest(Messages.failedToEncryptPassword, {
        location: 'body',
        param,
        errorType: ErrorType.FailedToEncryptPassword,
      });
    }
    return password;
  }

  private assertPasswordPolicy(password: string, param = 'encryptedPassword') {
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, {
        location: 'body',
        param,
      });
    }
    if (password.length > PASSWORD_MAX_LENGTH) {
      throw badRequest(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`, {
        location: 'body',
        param,
      });
    }
  }

  // ---------------------------------------------------------------- login

  async login(email: string, encryptedPassword: string, ip: string): Promise<LoginResponse> {
    const accountKey = `login:account:${email.toLowerCase()}`;
    const ipKey = `login:ip:${ip}`;
    await this.limiter.assertAllowed([
      { key: accountKey, limit: LIMITS.loginPerAccount },
      { key: ipKey, limit: LIMITS.loginPerIp },
    ]);
    const password = this.plainPassword(encryptedPassword);
    const candidates = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
    // Always verify at least one hash, so unknown emails cost as much time as known ones.
    let user: User | undefined;
    for (const candidate of candidates) {
      if (candidate.passwordHash && (await verifyPassword(candidate.passwordHash, password))) {
        user = candidate;
        break;
      }
    }
    if (candidates.every((c) => !c.passwordHash)) await verifyPassword(await decoyPasswordHash(), password);
    if (!user) {
      await this.limiter.record(accountKey, ipKey);
      const known = candidates[0];
      if (known) {
        await logEvent(this.db, {
          organizationUuid: known.organizationUuid,
          type: 'LOGIN_FAILED',
          actorUuid: null,
          subjectUuid: known.uuid,
          data: { ip },
        });
      }
      throw invalidCredentials();
    }
    await this.limiter.clear(accountKey);
    const method = mfaMethodOf(user);
    if (method) return this.startMfaChallenge(user, method);
    return this.signIn(user, null, { ip, method: 'password' });
  }

  private async startMfaChallenge(user: User, method: MfaMethod): Promise<LoginResponse> {
    const mfaToken = await this.tokens.create(user.uuid, TOKEN_PURPOSES.mfaChallenge, { data: { method } });
    if (method !== 'authenticator') await this.sendChallengeCode(user, mfaToken, method);
    return { mfaMethod: method, mfaToken };
  }

  private async sendChallengeCode(user: User, mfaToken: string, method: MfaMethod) {
    const challenge = await this.tokens.find(mfaToken, TOKEN_PURPOSES.mfaChallenge);
    if (!challenge) throw unauthorized('The sign-in has expired. Start again.');
    const code = numericCode(6);
    await this.tokens.setCode(challenge.uuid, sha256(`${challenge.uuid}:${code}`));
    if (method === 'sms-code') {
      if (!user.phone) throw badRequest('No phone number is on file for text messages');
      await this.deps.sms.send(user.phone, `Your Equip sign-in code is ${code}. It expires in 10 minutes.`);
    } else {
      await this.deps.mailer.send(authMails.mfaCode(user.email, code));
    }
  }

  /** Sends (again) the emailed or texted code of a pending sign-in. */
  async generateOtp(mfaToken: string, ip: string): Promise<void> {
    const challenge = await this.tokens.find(mfaToken, TOKEN_PURPOSES.mfaChallenge);
    if (!challenge) throw unauthorized('The sign-in has expired. Start again.');
    const method = (challenge.data?.method as MfaMethod | undefined) ?? 'email-code';
    if (method === 'authenticator') throw badRequest('Use the code from your authenticator app');
    const key = `otp-send:${challenge.userUuid}`;
    await this.limiter.assertAllowed([{ key, limit: LIMITS.otpSendPerAccount }]);
    await this.limiter.record(key, `otp-send-ip:${ip}`);
    const user = await this.userByUuid(challenge.userUuid);
    await this.sendChallengeCode(user, mfaToken, method);
  }

  async completeMfa(mfaToken: string, code: string, ip: string): Promise<LoggedIn> {
    const challenge = await this.tokens.find(mfaToken, TOKEN_PURPOSES.mfaChallenge);
    if (!challenge) throw unauthorized('The sign-in has expired. Start again.');
    const accountKey = `mfa:account:${challenge.userUuid}`;
    await this.limiter.assertAllowed([{ key: accountKey, limit: LIMITS.mfaPerAccount }]);
    if (challenge.attempts >= MAX_CODE_ATTEMPTS) {
      await this.tokens.consume(challenge.uuid);
      throw unauthorized('Too many wrong codes. Sign in again.');
    }
    const user = await this.userByUuid(challenge.userUuid);
    const method = (challenge.data?.method as MfaMethod | undefined) ?? 'email-code';
    const trimmed = code.trim();
    let valid = false;
    if (method === 'authenticator') {
      valid = (await this.acceptTotp(user, trimmed)) || (await this.acceptRecoveryCode(user, trimmed));
    } else if (challenge.codeHash) {
      valid = sameDigest(sha256(`${challenge.uuid}:${trimmed}`), challenge.codeHash);
    }
    if (!valid) {
      const attempts = await this.tokens.recordAttempt(challenge.uuid);
      await this.limiter.record(accountKey);
      if (attempts >= MAX_CODE_ATTEMPTS) await this.tokens.consume(challenge.uuid);
      throw invalidMfaCode();
    }
    if (!(await this.tokens.consume(challenge.uuid)))
      throw unauthorized('The sign-in has expired. Start again.');
    return this.signIn(user, null, { ip, method });
  }

  private async acceptTotp(user: User, code: string): Promise<boolean> {
    if (!user.totpSecret || !user.totpEnabledAt) return false;
    const step = await verifyTotp(user.totpSecret, code, user.totpLastTimeStep);
    if (step === null) return false;
    await this.db.update(users).set({ totpLastTimeStep: step }).where(eq(users.uuid, user.uuid));
    return true;
  }

  private async acceptRecoveryCode(user: User, code: string): Promise<boolean> {
    if (!/^[0-9a-f]{5}-[0-9a-f]{5}$/i.test(code)) return false;
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userUuid, user.uuid),
          eq(recoveryCodes.codeHash, sha256(code.toLowerCase())),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ uuid: recoveryCodes.uuid });
    return used.length === 1;
  }

  /** Issues a fresh token family for the user. */
  async signIn(
    user: User,
    actingOrganizationUuid: string | null,
    audit: { ip: string; method: string },
  ): Promise<LoggedIn> {
    const organizationUuid = actingOrganizationUuid ?? user.organizationUuid;
    const [org] = await this.db.select().from(organizations).where(eq(organizations.uuid, organizationUuid));
    if (!org) throw unauthorized();
    const accessToken = await this.deps.accessTokens.sign({
      userUuid: user.uuid,
      role: user.role,
      homeOrganizationUuid: user.organizationUuid,
      organizationUuid,
    });
    const refreshToken = await this.refreshTokens.issue(user.uuid, actingOrganizationUuid);
    await logEvent(this.db, {
      organizationUuid: user.organizationUuid,
      type: 'LOGIN',
      actorUuid: user.uuid,
      subjectUuid: user.uuid,
      data: audit,
    });
    return { accessToken, refreshToken, onboardingStep: org.onboardingStep };
  }

  // ---------------------------------------------------------------- tokens

  async refresh(refreshToken: string, ip: string): Promise<RefreshResponse> {
    const ipKey = `refresh:ip:${ip}`;
    await this.limiter.assertAllowed([{ key: ipKey, limit: LIMITS.refreshFailuresPerIp }]);
    const outcome = await this.refreshTokens.rotate(refreshToken);
    if (outcome.kind !== 'rotated') {
      await this.limiter.record(ipKey);
      if (outcome.kind === 'reused') {
        const user = await this.userByUuid(outcome.userUuid).catch(() => null);
        if (user) {
          await logEvent(this.db, {
            organizationUuid: user.organizationUuid,
            type: 'REFRESH_TOKEN_REUSED',
            actorUuid: null,
            subjectUuid: user.uuid,
            data: { ip },
          });
        }
      }
      throw unauthorized('Refresh token is invalid');
    }
    const user = await this.userByUuid(outcome.userUuid).catch(() => null);
    if (!user || user.deletedAt) throw unauthorized('Refresh token is invalid');
    const accessToken = await this.deps.accessTokens.sign({
      userUuid: user.uuid,
      role: user.role,
      homeOrganizationUuid: user.organizationUuid,
      organizationUuid: outcome.actingOrganizationUuid ?? user.organizationUuid,
    });
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await this.refreshTokens.revokeFamilyOf(refreshToken);
  }

  /** A provider admin acts for another organisation: new tokens that treat it. */
  async actAs(
    auth: AuthContext,
    organizationUuid: string,
    previousRefreshToken: string | undefined,
    ip: string,
  ): Promise<LoggedIn> {
    const [org] = await this.db
      .select({ uuid: organizations.uuid })
      .from(organizations)
      .where(eq(organizations.uuid, organizationUuid));
    if (!org) throw notFound('Organization not found');
    const user = await this.userByUuid(auth.userUuid);
    if (previousRefreshToken) await this.refreshTokens.revokeFamilyOf(previousRefreshToken);
    return this.signIn(user, organizationUuid === user.organizationUuid ? null : organizationUuid, {
      ip,
      method: 'act-as',
    });
  }

  // ---------------------------------------------------------------- invitations and passwords

  async invite(auth: AuthContext, userUuid: string): Promise<void> {
    const user = await withTenant(this.db, auth.organizationUuid, async (tx) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.uuid, userUuid), isNull(users.deletedAt)));
      return row;
    });
    if (!user) throw notFound('Employee not found');
    const [inviter] = await this.db.select().from(users).where(eq(users.uuid, auth.userUuid));
    const [org] = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.uuid, user.organizationUuid));
    const token = await this.tokens.create(user.uuid, TOKEN_PURPOSES.invitation);
    const link = `${this.deps.config.publicUrl}/auth/set-password?invitationToken=${encodeURIComponent(token)}`;
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : 'Your IT team';
    await this.deps.mailer.send(
      authMails.invitation(user.email, link, org?.name ?? 'your organisation', inviterName),
    );
    await this.db.update(users).set({ invitedAt: new Date() }).where(eq(users.uuid, user.uuid));
    await logEvent(this.db, {
      organizationUuid: user.organizationUuid,
      type: 'USER_INVITED',
      actorUuid: auth.userUuid,
      subjectUuid: user.uuid,
    });
  }

  /** Accepting an invitation: sets the password, verifies the email and signs the person in. */
  async setPassword(invitationToken: string, encryptedPassword: string, ip: string): Promise<LoggedIn> {
    const password = this.plainPassword(encryptedPassword);
    this.assertPasswordPolicy(password);
    const token = await this.tokens.find(invitationToken, TOKEN_PURPOSES.invitation);
    if (!token || !(await this.tokens.consume(token.uuid)))
      throw invalidToken('This invitation is invalid or has expired');
    const user = await this.userByUuid(token.userUuid);
    if (user.deletedAt) throw invalidToken('This invitation is invalid or has expired');
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.uuid, user.uuid));
    await logEvent(this.db, {
      organizationUuid: user.organizationUuid,
      type: 'PASSWORD_CHANGED',
      actorUuid: user.uuid,
      subjectUuid: user.uuid,
      data: { via: 'invitation' },
    });
    return this.signIn({ ...user }, null, { ip, method: 'invitation' });
  }

  /** Always answers the same way, whether the email is known or not (no enumeration). */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    const emailKey = `reset-request:${email.toLowerCase()}`;
    const ipKey = `reset-request-ip:${ip}`;
    await this.limiter.assertAllowed([
      { key: emailKey, limit: LIMITS.resetRequestsPerEmail },
      { key: ipKey, limit: LIMITS.resetRequestsPerIp },
    ]);
    await this.limiter.record(emailKey, ipKey);
    const [user] = await this.db
      .select()
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          isNull(users.deletedAt),
          sql`${users.passwordHash} is not null`,
        ),
      )
      .limit(1);
    if (!user) return;
    const token = await this.tokens.create(user.uuid, TOKEN_PURPOSES.passwordReset);
    const link = `${this.deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(authMails.passwordReset(user.email, link));
  }

  async resetPassword(resetToken: string, encryptedPassword: string, ip: string): Promise<void> {
    const ipKey = `reset-attempt-ip:${ip}`;
    await this.limiter.assertAllowed([{ key: ipKey, limit: LIMITS.resetAttemptsPerIp }]);
    const password = this.plainPassword(encryptedPassword);
    this.assertPasswordPolicy(password);
    const token = await this.tokens.find(resetToken, TOKEN_PURPOSES.passwordReset);
    if (!token || !(await this.tokens.consume(token.uuid))) {
      await this.limiter.record(ipKey);
      throw invalidToken('This reset link is invalid or has expired');
    }
    const user = await this.userByUuid(token.userUuid);
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.uuid, user.uuid));
    // A reset ends every session: whoever knew the old password is out.
    await this.refreshTokens.revokeAllOf(user.uuid);
    await logEvent(this.db, {
      organizationUuid: user.organizationUuid,
      type: 'PASSWORD_CHANGED',
      actorUuid: user.uuid,
      subjectUuid: user.uuid,
      data: { via: 'reset' },
    });
  }

  async sendEmailVerification(auth: AuthContext): Promise<void> {
    const user = await this.userByUuid(auth.userUuid);
    if (user.emailVerifiedAt) return;
    const token = await this.tokens.create(user.uuid, TOKEN_PURPOSES.emailVerification);
    await this.deps.mailer.send(
      authMails.emailVerification(
        user.email,
        `${this.deps.config.publicUrl}/auth/verify/${encodeURIComponent(token)}`,
      ),
    );
  }

  async verifyEmail(code: string): Promise<void> {
    const token = await this.tokens.find(code, TOKEN_PURPOSES.emailVerification);
    if (!token || !(await this.tokens.consume(token.uuid)))
      throw invalidToken('This verification link is invalid or has expired');
    await this.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.uuid, token.userUuid));
  }

  // ---------------------------------------------------------------- current user and MFA enrolment

  async me(auth: AuthContext): Promise<CurrentUser> {
    const user = await this.userByUuid(auth.userUuid);
    const [org] = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.uuid, auth.organizationUuid));
    if (!org || user.deletedAt) throw unauthorized();
    return {
      identifier: user.uuid,
      treats: { organization_uuid: auth.organizationUuid },
      accountUuid: user.uuid,
      organizationUuid: auth.organizationUuid,
      role: user.role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      organizationName: org.name,
      organizationIcon: org.icon,
      mfaMethods: enabledMfaMethods(user),
    };
  }

  /** Starts authenticator enrolment: a new secret, shown as a QR code, active once confirmed. */
  async startTotpEnrolment(auth: AuthContext) {
    const user = await this.userByUuid(auth.userUuid);
    const secret = newTotpSecret();
    await this.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.uuid, user.uuid));
    return totpEnrolment(secret, user.email);
  }

  async confirmTotpEnrolment(auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.userByUuid(auth.userUuid);
    if (!user.totpPendingSecret) throw badRequest('Start the authenticator setup first');
    const step = await verifyTotp(user.totpPendingSecret, code.trim(), null);
    if (step === null)
      throw badRequest('The code is not valid', {
        location: 'body',
        param: 'code',
        errorType: ErrorType.InvalidMfaCode,
      });
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: new Date(),
          totpLastTimeStep: step,
          preferredMfaMethod: 'authenticator',
        })
        .where(eq(users.uuid, user.uuid));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userUuid, user.uuid));
      await tx.insert(recoveryCodes).values(codes.map((c) => ({ userUuid: user.uuid, codeHash: sha256(c) })));
      await logEvent(tx, {
        organizationUuid: user.organizationUuid,
        type: 'MFA_ENROLLED',
        actorUuid: user.uuid,
        subjectUuid: user.uuid,
        data: { method: 'authenticator' },
      });
    });
    return { recoveryCodes: codes };
  }

  /** Chooses the second factor: email or text codes, or none (the authenticator is removed). */
  async setMfaMethod(auth: AuthContext, method: MfaMethod | null): Promise<void> {
    const user = await this.userByUuid(auth.userUuid);
    if (method === 'authenticator' && !user.totpEnabledAt)
      throw badRequest('Set up the authenticator app first');
    if (method === 'sms-code' && !user.phone) throw badRequest('Add a phone number first');
    const clearsAuthenticator = method !== 'authenticator';
    await this.db
      .update(users)
      .set({
        preferredMfaMethod: method,
        ...(clearsAuthenticator
          ? { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastTimeStep: null }
          : {}),
      })
      .where(eq(users.uuid, user.uuid));
    if (clearsAuthenticator) await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userUuid, user.uuid));
  }

  async userByUuid(uuid: string): Promise<User> {
    const [user] = await this.db.select().from(users).where(eq(users.uuid, uuid));
    if (!user) throw unauthorized();
    return user;
  }
}

/** The second factor a sign-in asks for, if any. */
export function mfaMethodOf(
  user: Pick<User, 'totpEnabledAt' | 'preferredMfaMethod' | 'phone'>,
): MfaMethod | null {
  if (user.totpEnabledAt) return 'authenticator';
  if (user.preferredMfaMethod === 'sms-code' && user.phone) return 'sms-code';
  if (user.preferredMfaMethod === 'email-code') return 'email-code';
  return null;
}

function enabledMfaMethods(user: User): MfaMethod[] {
  const method = mfaMethodOf(user);
  return method ? [method] : [];
}
