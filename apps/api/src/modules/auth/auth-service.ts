import { Account } from './account.ts';
import { type AuthDeps, AuthPart } from './auth-part.ts';
import { ConfirmationCodes } from './confirmation-codes.ts';
import { EmailVerification } from './email-verification.ts';
import { EnrollmentCodes } from './enrollment-codes.ts';
import { OrganizationAccounts } from './organization-accounts.ts';
import { PasswordFlows } from './password-flows.ts';
import { SessionLifecycle } from './session-lifecycle.ts';
import { SignIn } from './sign-in.ts';

export type { AuthDeps, LoggedIn, Reauthentication, User } from './auth-part.ts';

/**
 * Identity, split by operation: sign-in (password, second factor), the session's life (refresh, act-as,
 * logout, revocation), passwords by mailed link (invitation, reset), email verification, the
 * person's own account (who am I, second factor), mailed codes that confirm far-reaching actions, and
 * the accounts that come with a new organisation or installation.
 */
export class AuthService extends AuthPart {
  readonly signIn: SignIn;
  readonly sessions: SessionLifecycle;
  readonly passwords: PasswordFlows;
  readonly emailVerification: EmailVerification;
  readonly account: Account;
  readonly confirmationCodes: ConfirmationCodes;
  readonly enrollmentCodes: EnrollmentCodes;
  readonly organizationAccounts: OrganizationAccounts;

  constructor(deps: AuthDeps) {
    super(deps);
    this.signIn = new SignIn(deps);
    this.sessions = new SessionLifecycle(deps, this.signIn);
    this.passwords = new PasswordFlows(deps, this.signIn, this.sessions);
    this.emailVerification = new EmailVerification(deps);
    this.account = new Account(deps);
    this.confirmationCodes = new ConfirmationCodes(deps);
    this.enrollmentCodes = new EnrollmentCodes(deps);
    this.organizationAccounts = new OrganizationAccounts(deps, this.signIn, this.passwords);
  }
}
