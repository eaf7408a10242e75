import { ErrorType, Messages } from '@equip/domain/errors';
import { type MfaMethod, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@equip/domain/identity';
import { and, eq, isNull } from 'drizzle-orm';
import type { DeferredTasks } from '../../background/deferred-tasks.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { hasEmail } from '../../db/emails.ts';
import { organizations, recoveryCodes, users } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import { RateLimiter } from '../../security/rate-limit.ts';
import type { AccessTokens } from './access-tokens.ts';
import { decryptPassword, type InstallationKeys } from './keys.ts';
import { OneTimeTokens } from './one-time-tokens.ts';
import { RefreshTokens, refreshSuccessorKey } from './refresh-tokens.ts';
import { sha256 } from './secrets.ts';
import type { LiveSessions } from './sessions.ts';
import { verifyTotp } from './totp.ts';

export type User = typeof users.$inferSelect;
export type LoggedIn = {
  accessToken: string;
  refreshToken: string;
  onboardingStep: 'registerDevices' | 'createBundle' | 'finished';
};

export const invalidToken = (msg = 'This link is invalid or has expired') =>
  new AppError(400, { msg, errorType: ErrorType.InvalidToken });

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  keys: InstallationKeys;
  accessTokens: AccessTokens;
  mailer: Mailer;
  sms: SmsSender;
  sessions: LiveSessions;
  deferred: DeferredTasks;
  now?: () => Date;
  /** How an attempt past the per-account slow-down threshold waits (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
}

/** Proof that the person at the keyboard is the account's owner: the password or a current code. */
export interface Reauthentication {
  encryptedPassword?: string | undefined;
  code?: string | undefined;
}

/**
 * What every identity operation shares: the identity tables are read and written with the system
 * handle, keyed by a verified token, link or code (a provider admin's account belongs to no tenant).
 */
export abstract class AuthPart {
  readonly limiter: RateLimiter;
  readonly refreshTokens: RefreshTokens;
  readonly tokens: OneTimeTokens;
  protected readonly db: Db;

  constructor(protected readonly deps: AuthDeps) {
    this.db = deps.db;
    const now = deps.now ?? (() => new Date());
    this.limiter = new RateLimiter(deps.db, now);
    this.refreshTokens = new RefreshTokens(deps.db, now, refreshSuccessorKey(deps.keys.jwtSecret));
    this.tokens = new OneTimeTokens(deps.db, now);
  }

  /**
   * A token (or code) and the mail that carries it, written together: the mail is recorded and queued
   * in the transaction that writes the token, so neither exists without the other (issue 10). `within`
   * is a transaction the caller holds (e.g. the one that created the account), else one of its own.
   */
  protected mailedWithToken<T>(
    work: (tokens: OneTimeTokens, send: (mail: MailMessage) => Promise<void>) => Promise<T>,
    within?: Db,
  ): Promise<T> {
    const inTx = (tx: Db) => work(this.tokens.in(tx), (mail) => this.deps.mailer.send(mail, { db: tx }));
    return within ? inTx(within) : this.db.transaction(inTx);
  }

  /**
   * The one account that signs in with this email, or undefined: nobody uses it, or it is one of the
   * emails accounts shared before emails were unique across organisations (migration 0029), which
   * sign in nobody until a provider admin gives one of them another email.
   */
  protected async accountByEmail(email: string): Promise<User | undefined> {
    const candidates = await this.db
      .select()
      .from(users)
      .where(and(hasEmail(email), isNull(users.deletedAt)))
      .limit(2);
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  /**
   * Whether the person's own organisation is deactivated (never a provider admin's): its people sign
   * in, reset and enrol nothing (decision 019).
   */
  protected async organizationDeactivated(user: Pick<User, 'organizationUuid'>): Promise<boolean> {
    const [org] = await this.db
      .select({ deactivatedAt: organizations.deactivatedAt })
      .from(organizations)
      .where(eq(organizations.uuid, user.organizationUuid));
    return Boolean(org?.deactivatedAt);
  }

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

  protected assertPasswordPolicy(password: string, param = 'encryptedPassword') {
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

  protected async acceptTotp(user: User, code: string): Promise<boolean> {
    if (!user.totpSecret || !user.totpEnabledAt) return false;
    const step = await verifyTotp(user.totpSecret, code, user.totpLastTimeStep);
    if (step === null) return false;
    await this.db.update(users).set({ totpLastTimeStep: step }).where(eq(users.uuid, user.uuid));
    return true;
  }

  protected async acceptRecoveryCode(user: User, code: string): Promise<boolean> {
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
