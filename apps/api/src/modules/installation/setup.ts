import { ErrorType } from '@equip/domain/errors';
import {
  type InstallationSetupRequest,
  SETUP_MESSAGES,
  SETUP_PAGE_PATH,
  type SetupLinkState,
} from '@equip/domain/setup';
import type { Db } from '../../db/client.ts';
import { PROVIDER_ORGANIZATION_UUID } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { logEvent } from '../audit-log/index.ts';
import type { AuthService, LoggedIn } from '../auth/index.ts';
import { anyOrganization, insertOrganization, lockInstallation } from '../organizations/index.ts';
import { issueSetupLink, liveSetupLink, spendSetupLink } from './setup-links.ts';

const invalidLink = () =>
  new AppError(400, {
    msg: SETUP_MESSAGES.invalidLink,
    errorType: ErrorType.InvalidToken,
    location: 'body',
    param: 'token',
    path: ['token'],
  });
const alreadySetUp = () => conflict(SETUP_MESSAGES.alreadySetUp);

/**
 * Setting up an installation without the demo: while it has no organisation and no provider admin,
 * each start prints a one-time link (`printableLink`); its page creates the first organisation with its
 * first IT owner, or the first provider admin with the organisation they act for first (`complete`),
 * and signs the person in. Links are kept by hash, work once and for 24 hours, and none works once the
 * installation has an organisation or a provider admin (however that came about).
 */
export class InstallationSetup {
  constructor(
    private readonly db: Db,
    private readonly auth: Pick<AuthService, 'organizationAccounts'>,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether the installation is still to be set up: no organisation but the provider's, no provider admin. */
  async needed(db: Db = this.db): Promise<boolean> {
    return !(await anyOrganization(db)) && !(await this.auth.organizationAccounts.hasProviderAdmin(db));
  }

  /** A new set-up link when the installation needs one (logged in the provider organisation's log). */
  async printableLink(): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      if (!(await this.needed(tx))) return null;
      const { token, expiresAt } = await issueSetupLink(tx, this.now());
      await logEvent(tx, {
        organizationUuid: PROVIDER_ORGANIZATION_UUID,
        type: 'SETUP_LINK_ISSUED',
        actorUuid: null,
        data: { expiresAt: expiresAt.toISOString() },
      });
      return `${this.publicUrl}${SETUP_PAGE_PATH}?token=${encodeURIComponent(token)}`;
    });
  }

  /** Whether a link works (before the form is filled in): 400 when not, 409 when Equip is set up. */
  async check(token: string): Promise<SetupLinkState> {
    const link = await liveSetupLink(this.db, token, this.now());
    if (!link) throw invalidLink();
    if (!(await this.needed())) throw alreadySetUp();
    return { expiresAt: link.expiresAt.toISOString() };
  }

  /**
   * Creates the first organisation and the person (its IT owner, or the installation's first provider
   * admin acting for it) with the link, all or nothing, then signs them in. The link is spent in the
   * same transaction; the installation's row is locked first, so two set-ups cannot both find it empty.
   */
  async complete(input: InstallationSetupRequest, ip: string): Promise<LoggedIn> {
    const accounts = this.auth.organizationAccounts;
    const { person, kind } = input;
    // Hashing takes a while: before the transaction, which holds PGlite's only connection.
    const passwordHash = await accounts.passwordHashOf(person.encryptedPassword, 'person.encryptedPassword');
    const { user, organization } = await this.db.transaction(async (tx) => {
      await lockInstallation(tx);
      if (!(await spendSetupLink(tx, input.token, this.now()))) throw invalidLink();
      if (!(await this.needed(tx))) throw alreadySetUp();
      const organization = await insertOrganization(tx, input.organization);
      const provider = kind === 'provider';
      const user = await accounts.create(
        tx,
        {
          organizationUuid: organization.uuid,
          role: provider ? 'equip-admin' : 'it-owner',
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          passwordHash,
          locale: person.locale,
        },
        ['person', 'email'],
      );
      const { name, country, timeZone, workingDays } = input.organization;
      await logEvent(tx, [
        {
          organizationUuid: organization.uuid,
          type: 'ORGANIZATION_CREATED',
          actorUuid: user.uuid,
          subjectUuid: organization.uuid,
          data: { name, country, timeZone, workingDays, via: 'setup' },
        },
        provider
          ? {
              organizationUuid: PROVIDER_ORGANIZATION_UUID,
              type: 'PROVIDER_ADMIN_ADDED',
              actorUuid: user.uuid,
              subjectUuid: user.uuid,
              data: { email: user.email, via: 'setup' },
            }
          : {
              organizationUuid: organization.uuid,
              type: 'USER_ADDED',
              actorUuid: user.uuid,
              subjectUuid: user.uuid,
              data: { email: user.email, role: user.role, via: 'setup' },
            },
        {
          organizationUuid: PROVIDER_ORGANIZATION_UUID,
          type: 'INSTALLATION_SET_UP',
          actorUuid: user.uuid,
          subjectUuid: organization.uuid,
          data: { kind, organization: name, email: user.email },
        },
      ]);
      return { user, organization };
    });
    return accounts.signInNew(user, kind === 'provider' ? organization.uuid : null, ip);
  }
}
