import { ErrorType } from '@equip/domain/errors';
import type { LoginResponse, MfaMethod } from '@equip/domain/identity';
import { ORGANIZATION_MESSAGES } from '@equip/domain/organizations';
import { and, asc, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { organizations, PROVIDER_ORGANIZATION_UUID, refreshTokens } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import { counter } from '../../security/rate-limit.ts';
import { logEvent } from '../audit-log/index.ts';
import { AuthPart, type LoggedIn, mfaMethodOf, type User } from './auth-part.ts';
import { authMail, identityTexts } from './mails.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { LOGIN_SLOWDOWN_MS, POLICIES } from './rate-limit.ts';
import { numericCode, sameDigest, sha256 } from './secrets.ts';

/** The most attempts one emailed or texted code allows. */
export const MAX_CODE_ATTEMPTS = 5;

const invalidCredentials = () =>
  new AppError(401, { msg: 'Email or password is incorrect', errorType: ErrorType.InvalidCredentials });
const invalidMfaCode = () =>
  new AppError(401, { msg: 'The code is not valid', errorType: ErrorType.InvalidMfaCode });
const organizationDeactivated = () =>
  new AppError(403, { msg: ORGANIZATION_MESSAGES.deactivated, errorType: ErrorType.OrganizationDeactivated });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sign-in: password, then the second factor when one is set; a new session at the end. */
export class SignIn extends AuthPart {
  async login(email: string, encryptedPassword: string, ip: string): Promise<LoginResponse> {
    const pair = counter(POLICIES.loginPerAccountAndAddress, email, ip);
    const address = counter(POLICIES.loginPerAddress, ip);
    const slowdown = counter(POLICIES.loginSlowdownPerAccount, email);
    // Refusals are per address (and per account from that address): failing on purpose from elsewhere
    // cannot lock the owner out. Past the account's threshold, attempts are only slowed down. Each
    // attempt takes its slot before the password is checked (given back when it was right), so a burst
    // of concurrent guesses gets exactly the limit's worth through.
    await this.limiter.take([pair, address]);
    if (await this.limiter.exceeded(slowdown)) await (this.deps.sleep ?? sleep)(LOGIN_SLOWDOWN_MS);
    const password = this.plainPassword(encryptedPassword);
    const account = await this.accountByEmail(email);
    // Always verify one hash, so unknown emails cost as much time as known ones.
    const matches = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), password);
    const user = account?.passwordHash && matches ? account : undefined;
    if (!user) {
      await this.limiter.record([slowdown]);
      // A failed sign-in of a known account is its own organisation's business, and only its own.
      if (account) {
        await logEvent(this.db, {
          organizationUuid: account.organizationUuid,
          type: 'LOGIN_FAILED',
          actorUuid: null,
          subjectUuid: account.uuid,
          data: { ip },
        });
      }
      throw invalidCredentials();
    }
    await this.limiter.clear(pair);
    await this.limiter.refund([address]);
    // Said only to whoever knows the password, before a second factor is asked for.
    if (await this.organizationDeactivated(user)) throw organizationDeactivated();
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
    const codeHash = sha256(`${challenge.uuid}:${code}`);
    if (method === 'sms-code') {
      if (!user.phone) throw badRequest('No phone number is on file for text messages');
      await this.tokens.setCode(challenge.uuid, codeHash);
      await this.deps.sms.send(user.phone, identityTexts(user.locale).smsCode(code));
    } else {
      await this.mailedWithToken(async (tokens, send) => {
        await tokens.setCode(challenge.uuid, codeHash);
        await send(authMail(user.email, user.locale, (t) => t.mfaCode(code)));
      });
    }
  }

  /** Sends (again) the emailed or texted code of a pending sign-in. */
  async generateOtp(mfaToken: string): Promise<void> {
    const challenge = await this.tokens.find(mfaToken, TOKEN_PURPOSES.mfaChallenge);
    if (!challenge) throw unauthorized('The sign-in has expired. Start again.');
    const method = (challenge.data?.method as MfaMethod | undefined) ?? 'email-code';
    if (method === 'authenticator') throw badRequest('Use the code from your authenticator app');
    const sends = counter(POLICIES.otpSendPerAccount, challenge.userUuid);
    await this.limiter.take([sends]);
    const user = await this.userByUuid(challenge.userUuid);
    await this.sendChallengeCode(user, mfaToken, method);
  }

  async completeMfa(mfaToken: string, code: string, ip: string): Promise<LoggedIn> {
    const challenge = await this.tokens.find(mfaToken, TOKEN_PURPOSES.mfaChallenge);
    if (!challenge) throw unauthorized('The sign-in has expired. Start again.');
    const pair = counter(POLICIES.mfaPerAccountAndAddress, challenge.userUuid, ip);
    await this.limiter.take([pair]);
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
      if (attempts >= MAX_CODE_ATTEMPTS) await this.tokens.consume(challenge.uuid);
      throw invalidMfaCode();
    }
    if (!(await this.tokens.consume(challenge.uuid)))
      throw unauthorized('The sign-in has expired. Start again.');
    await this.limiter.refund([pair]);
    return this.signIn(user, null, { ip, method });
  }

  /**
   * Issues a fresh token family (a new session) for the user. Provider admins always act for an
   * organisation: the one they acted for last, else the oldest.
   */
  async signIn(
    user: User,
    actingOrganizationUuid: string | null,
    audit: { ip: string; method: string },
  ): Promise<LoggedIn> {
    const acting =
      actingOrganizationUuid ??
      (user.role === 'equip-admin' ? await this.defaultActingOrganization(user) : null);
    const organizationUuid = acting ?? user.organizationUuid;
    const [org] = await this.db.select().from(organizations).where(eq(organizations.uuid, organizationUuid));
    if (!org) throw unauthorized();
    // A provider admin may still act for a deactivated organisation; its own people sign in no more.
    if (user.role !== 'equip-admin' && org.deactivatedAt) throw organizationDeactivated();
    const { refreshToken, familyUuid } = await this.refreshTokens.issue(user.uuid, acting);
    const accessToken = await this.deps.accessTokens.sign({
      userUuid: user.uuid,
      sessionUuid: familyUuid,
      role: user.role,
      homeOrganizationUuid: user.organizationUuid,
      organizationUuid,
    });
    await logEvent(this.db, {
      organizationUuid: user.organizationUuid,
      type: 'LOGIN',
      actorUuid: user.uuid,
      subjectUuid: user.uuid,
      data: audit,
    });
    return { accessToken, refreshToken, onboardingStep: org.onboardingStep };
  }

  private async defaultActingOrganization(user: User): Promise<string | null> {
    const [last] = await this.db
      .select({ uuid: organizations.uuid })
      .from(refreshTokens)
      .innerJoin(organizations, eq(organizations.uuid, refreshTokens.actingOrganizationUuid))
      .where(and(eq(refreshTokens.userUuid, user.uuid), isNotNull(refreshTokens.actingOrganizationUuid)))
      .orderBy(desc(refreshTokens.createdAt))
      .limit(1);
    if (last) return last.uuid;
    const [oldest] = await this.db
      .select({ uuid: organizations.uuid })
      .from(organizations)
      .where(ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID))
      .orderBy(asc(organizations.createdAt), asc(organizations.name))
      .limit(1);
    return oldest?.uuid ?? null;
  }
}
