import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { counter } from '../../security/rate-limit.ts';
import { logEvent } from '../audit-log/index.ts';
import { type AuthDeps, AuthPart, invalidToken, type LoggedIn, type User } from './auth-part.ts';
import { authMail } from './mails.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { POLICIES } from './rate-limit.ts';
import type { SessionLifecycle } from './session-lifecycle.ts';
import type { SignIn } from './sign-in.ts';

/** Passwords by mailed link: invitations (set a first password) and resets. */
export class PasswordFlows extends AuthPart {
  constructor(
    deps: AuthDeps,
    private readonly signIn: SignIn,
    private readonly sessions: SessionLifecycle,
  ) {
    super(deps);
  }

  /**
   * Mails a single-use set-password link (valid 7 days) and answers it. The caller records the
   * invitation (the person's `invitedAt` and the event) in its own transaction, or hands it in as
   * `within` when it created the person there (token, mail and person then exist together or not at all).
   */
  async mailInvitation(
    user: Pick<User, 'uuid' | 'email' | 'locale'>,
    context: { inviterName: string | null; organizationName: string | null },
    within?: Db,
  ): Promise<string> {
    return this.mailedWithToken(async (tokens, send) => {
      const token = await tokens.create(user.uuid, TOKEN_PURPOSES.invitation);
      const link = `${this.deps.config.publicUrl}/auth/set-password?invitationToken=${encodeURIComponent(token)}`;
      await send(
        authMail(user.email, user.locale, (t) =>
          t.invitation(link, context.organizationName, context.inviterName),
        ),
      );
      return link;
    }, within);
  }

  /** Accepting an invitation: sets the password, verifies the email and signs the person in. */
  async setPassword(invitationToken: string, encryptedPassword: string, ip: string): Promise<LoggedIn> {
    const password = this.plainPassword(encryptedPassword);
    this.assertPasswordPolicy(password);
    const token = await this.tokens.find(invitationToken, TOKEN_PURPOSES.invitation);
    if (!token || !(await this.tokens.consume(token.uuid)))
      throw invalidToken('This invitation is invalid or has expired');
    const user = await this.userByUuid(token.userUuid);
    if (user.deletedAt || (await this.organizationDeactivated(user)))
      throw invalidToken('This invitation is invalid or has expired');
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.uuid, user.uuid));
    await this.logPasswordChanged(user, 'invitation');
    return this.signIn.signIn({ ...user }, null, { ip, method: 'invitation' });
  }

  /**
   * Always takes the same path, whether the email is known or not (no enumeration, not even by timing):
   * the request is counted and answered; finding the account and mailing happen after the answer.
   */
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    const counters = [
      counter(POLICIES.resetRequestsPerEmailAndAddress, email, ip),
      counter(POLICIES.resetRequestsPerAddress, ip),
    ];
    await this.limiter.take(counters);
    this.deps.deferred.defer('password-reset-mail', () => this.mailPasswordReset(email));
  }

  private async mailPasswordReset(email: string): Promise<void> {
    // A cap on mails per address, silent: the answer above was the same either way.
    const mails = counter(POLICIES.resetMailsPerEmail, email);
    const user = await this.accountByEmail(email);
    if (!user?.passwordHash || (await this.organizationDeactivated(user))) return;
    if (!(await this.limiter.tryTake(mails))) return;
    await this.mailedWithToken(async (tokens, send) => {
      const token = await tokens.create(user.uuid, TOKEN_PURPOSES.passwordReset);
      const link = `${this.deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
      await send(authMail(user.email, user.locale, (t) => t.passwordReset(link)));
    });
  }

  async resetPassword(resetToken: string, encryptedPassword: string, ip: string): Promise<void> {
    const attempts = counter(POLICIES.resetAttemptsPerAddress, ip);
    const password = this.plainPassword(encryptedPassword);
    this.assertPasswordPolicy(password);
    await this.limiter.take([attempts]);
    const token = await this.tokens.find(resetToken, TOKEN_PURPOSES.passwordReset);
    if (!token || !(await this.tokens.consume(token.uuid))) {
      throw invalidToken('This reset link is invalid or has expired');
    }
    await this.limiter.refund([attempts]);
    const user = await this.userByUuid(token.userUuid);
    if (user.deletedAt) throw invalidToken('This reset link is invalid or has expired');
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.uuid, user.uuid));
    // A reset ends every session: whoever knew the old password is out.
    await this.sessions.endAllSessionsOf(user.uuid);
    await this.logPasswordChanged(user, 'reset');
  }

  /** The person set their own password (the event's actor and subject are both them). */
  private logPasswordChanged(user: Pick<User, 'uuid' | 'organizationUuid'>, via: 'invitation' | 'reset') {
    return logEvent(this.db, {
      organizationUuid: user.organizationUuid,
      type: 'PASSWORD_CHANGED',
      actorUuid: user.uuid,
      subjectUuid: user.uuid,
      data: { via },
    });
  }
}
