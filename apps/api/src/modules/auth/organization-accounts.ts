import { ErrorType } from '@equip/domain/errors';
import type { Role } from '@equip/domain/identity';
import type { Locale } from '@equip/domain/locale';
import { ORGANIZATION_MESSAGES } from '@equip/domain/organizations';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailsInUseAnywhere, isEmailInUseViolation } from '../../db/emails.ts';
import { PROVIDER_ORGANIZATION_UUID, refreshTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthDeps, AuthPart, type LoggedIn, type User } from './auth-part.ts';
import type { PasswordFlows } from './password-flows.ts';
import { hashPassword } from './passwords.ts';
import type { SignIn } from './sign-in.ts';

/** The first account of an organisation or of the installation, as the caller has checked it. */
export interface NewAccount {
  organizationUuid: string;
  role: Extract<Role, 'it-owner' | 'equip-admin'>;
  email: string;
  firstName: string;
  lastName: string;
  /** Null for someone invited by mail (they set it from the link). */
  passwordHash: string | null;
  locale?: Locale | null | undefined;
}

/**
 * Accounts that come with an organisation or an installation: the first IT owner of a new organisation
 * (invited by mail, or with the password chosen on the set-up page) and the first provider admin; and
 * the end of every session of an organisation's people when a provider admin deactivates it. Written in
 * the caller's transaction, with the organisation.
 */
export class OrganizationAccounts extends AuthPart {
  constructor(
    deps: AuthDeps,
    private readonly signIn: SignIn,
    private readonly passwords: PasswordFlows,
  ) {
    super(deps);
  }

  /** Whether the installation has a provider admin who is not disabled. */
  async hasProviderAdmin(db: Db = this.db): Promise<boolean> {
    const [admin] = await db
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(eq(users.organizationUuid, PROVIDER_ORGANIZATION_UUID), isNull(users.deletedAt)))
      .limit(1);
    return admin !== undefined;
  }

  /**
   * The browser's RSA-OAEP ciphertext as a stored hash, once it meets the password policy (400 at
   * `param` otherwise). Before the transaction: hashing takes a while.
   */
  async passwordHashOf(encryptedPassword: string, param: string): Promise<string> {
    const password = this.plainPassword(encryptedPassword, param);
    this.assertPasswordPolicy(password, param);
    return hashPassword(password);
  }

  /**
   * Creates the account in `tx`. An email is one account in the whole installation (decision 016): one
   * in use anywhere is a 409 `EmailIsUsed` at `emailPath`, also when a concurrent write took it first.
   */
  async create(tx: Db, input: NewAccount, emailPath: readonly string[]): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const emailUsed = () =>
      new AppError(409, {
        msg: ORGANIZATION_MESSAGES.emailUsed(email),
        errorType: ErrorType.EmailIsUsed,
        location: 'body',
        param: emailPath.join('.'),
        path: [...emailPath],
        value: email,
      });
    if ((await emailsInUseAnywhere(tx, [email])).size > 0) throw emailUsed();
    const provider = input.role === 'equip-admin';
    const [created] = await tx
      .insert(users)
      .values({
        organizationUuid: provider ? PROVIDER_ORGANIZATION_UUID : input.organizationUuid,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        // Provider admins are nobody's employees: no device or licence is theirs.
        userType: provider ? 'unmanagedUser' : 'regularUser',
        source: 'equip',
        passwordHash: input.passwordHash,
        locale: input.locale ?? null,
      })
      .returning()
      .catch((error: unknown) => {
        throw isEmailInUseViolation(error) ? emailUsed() : error;
      });
    return created!;
  }

  /**
   * Mails the person a link to set their password (7 days, once) in `tx`, with the account: either both
   * are written or neither. Answers the link (the command line prints it).
   */
  async invite(
    tx: Db,
    user: User,
    context: { inviterName: string | null; organizationName: string },
  ): Promise<string> {
    const link = await this.passwords.mailInvitation(user, context, tx);
    await tx.update(users).set({ invitedAt: new Date() }).where(eq(users.uuid, user.uuid));
    return link;
  }

  /**
   * Ends every session of the organisation's people in `tx` (their refresh tokens are revoked); every
   * instance refuses their access tokens within SESSION_RECHECK_MS. Call `forgetSessionsOf` after the
   * transaction commits, so this instance does so at once.
   */
  async endSessionsOf(tx: Db, organizationUuid: string): Promise<void> {
    const people = tx
      .select({ uuid: users.uuid })
      .from(users)
      .where(eq(users.organizationUuid, organizationUuid));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(inArray(refreshTokens.userUuid, people), isNull(refreshTokens.revokedAt)));
  }

  /** A person's full name, read in `tx` (an inviter's, for the invitation mail); null when unknown. */
  async nameOf(tx: Db, userUuid: string): Promise<string | null> {
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.uuid, userUuid));
    return user ? `${user.firstName} ${user.lastName}` : null;
  }

  forgetSessionsOf(organizationUuid: string): void {
    this.deps.sessions.forgetOrganization(organizationUuid);
  }

  /**
   * Signs in the person who just set Equip up: a new session, acting for `actingFor` when they are a
   * provider admin.
   */
  signInNew(user: User, actingFor: string | null, ip: string): Promise<LoggedIn> {
    return this.signIn.signIn(user, actingFor, { ip, method: 'setup' });
  }
}
