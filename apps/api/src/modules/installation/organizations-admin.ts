import { ErrorType } from '@equip/domain/errors';
import {
  type AdminOrganization,
  type AdminOrganizationListQuery,
  type AdminOrganizationPage,
  type CreateOrganizationRequest,
  ORGANIZATION_MESSAGES,
} from '@equip/domain/organizations';
import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import { INSTALLATION } from '../../lists/system-reads.ts';
import { logEvent } from '../audit-log/index.ts';
import type { AuthService } from '../auth/index.ts';
import {
  insertOrganization,
  managedOrganization,
  setOrganizationDeactivated,
  updateGeneralSettings,
} from '../organizations/index.ts';
import { adminOrganizationList } from './organization-list.ts';

/** Who acts: a provider admin (their uuid), or the operator at the command line (null). */
type Actor = string | null;

const wrongState = (msg: string) => new AppError(409, { msg, errorType: ErrorType.Conflict });

/**
 * The organisations of the installation as provider admins run them (`/dashboard/organizations`, and
 * `npm run admin -- create-organization`): list, create with a first IT owner, rename, deactivate and
 * reactivate. Cross-organisation by design, so on the system handle; each change is logged in the
 * organisation's own log in the transaction that makes it.
 */
export class OrganizationsAdmin {
  constructor(
    private readonly db: Db,
    private readonly reads: TenantReads,
    private readonly auth: Pick<AuthService, 'organizationAccounts'>,
  ) {}

  /** One page of the table, written by the database. */
  page(query: AdminOrganizationListQuery): Promise<JsonText<AdminOrganizationPage>> {
    return readJsonPage(this.reads, adminOrganizationList, INSTALLATION, query);
  }

  /** One organisation as the table shows it (after a change). */
  async one(uuid: string): Promise<AdminOrganization> {
    const text = await readJsonPage(this.reads, adminOrganizationList, INSTALLATION, {
      uuid,
      skip: 0,
      take: 1,
    });
    const [organization] = (JSON.parse(text) as AdminOrganizationPage).items;
    if (!organization) throw notFound(ORGANIZATION_MESSAGES.notFound);
    return organization;
  }

  /**
   * A new organisation and its first IT owner, who is mailed a link to set their password (7 days,
   * once): all of it or nothing. Answers the organisation and the link (the command line prints it).
   */
  async create(
    actor: Actor,
    input: CreateOrganizationRequest,
  ): Promise<{ organization: AdminOrganization; invitationLink: string }> {
    const accounts = this.auth.organizationAccounts;
    const { uuid, invitationLink } = await this.db.transaction(async (tx) => {
      const organization = await insertOrganization(tx, input.organization);
      const owner = await accounts.create(
        tx,
        { organizationUuid: organization.uuid, role: 'it-owner', passwordHash: null, ...input.owner },
        ['owner', 'email'],
      );
      const invitationLink = await accounts.invite(tx, owner, {
        inviterName: await this.nameOf(tx, actor),
        organizationName: organization.name,
      });
      const { name, country, timeZone, workingDays } = input.organization;
      const via = actor ? 'provider admin' : 'command line';
      await logEvent(tx, [
        {
          organizationUuid: organization.uuid,
          type: 'ORGANIZATION_CREATED',
          actorUuid: actor,
          subjectUuid: organization.uuid,
          data: { name, country, timeZone, workingDays, via },
        },
        {
          organizationUuid: organization.uuid,
          type: 'USER_ADDED',
          actorUuid: actor,
          subjectUuid: owner.uuid,
          data: { email: owner.email, role: owner.role, via },
        },
        {
          organizationUuid: organization.uuid,
          type: 'USER_INVITED',
          actorUuid: actor,
          subjectUuid: owner.uuid,
          data: { email: owner.email },
        },
      ]);
      return { uuid: organization.uuid, invitationLink };
    });
    return { organization: await this.one(uuid), invitationLink };
  }

  async rename(actor: Actor, uuid: string, name: string): Promise<AdminOrganization> {
    await this.db.transaction(async (tx) => {
      const before = await managedOrganization(tx, uuid, true);
      if (!before) throw notFound(ORGANIZATION_MESSAGES.notFound);
      if (before.name === name) return;
      await updateGeneralSettings(tx, uuid, { name });
      await logEvent(tx, {
        organizationUuid: uuid,
        type: 'ORGANIZATION_UPDATED',
        actorUuid: actor,
        subjectUuid: uuid,
        data: { before: { name: before.name }, after: { name } },
      });
    });
    return this.one(uuid);
  }

  /**
   * Its people can no longer sign in, and every session of theirs ends (at once here, within
   * SESSION_RECHECK_MS on other instances). Its data, jobs, webhooks and MDM stay (decision 019).
   */
  async deactivate(actor: Actor, uuid: string): Promise<AdminOrganization> {
    const accounts = this.auth.organizationAccounts;
    await this.db.transaction(async (tx) => {
      const org = await managedOrganization(tx, uuid, true);
      if (!org) throw notFound(ORGANIZATION_MESSAGES.notFound);
      if (org.deactivatedAt) throw wrongState(ORGANIZATION_MESSAGES.alreadyDeactivated);
      await setOrganizationDeactivated(tx, uuid, new Date());
      await accounts.endSessionsOf(tx, uuid);
      await logEvent(tx, {
        organizationUuid: uuid,
        type: 'ORGANIZATION_DEACTIVATED',
        actorUuid: actor,
        subjectUuid: uuid,
        data: { name: org.name },
      });
    });
    accounts.forgetSessionsOf(uuid);
    return this.one(uuid);
  }

  /** Its people can sign in again (sessions ended by the deactivation stay ended). */
  async reactivate(actor: Actor, uuid: string): Promise<AdminOrganization> {
    await this.db.transaction(async (tx) => {
      const org = await managedOrganization(tx, uuid, true);
      if (!org) throw notFound(ORGANIZATION_MESSAGES.notFound);
      if (!org.deactivatedAt) throw wrongState(ORGANIZATION_MESSAGES.notDeactivated);
      await setOrganizationDeactivated(tx, uuid, null);
      await logEvent(tx, {
        organizationUuid: uuid,
        type: 'ORGANIZATION_REACTIVATED',
        actorUuid: actor,
        subjectUuid: uuid,
        data: { name: org.name },
      });
    });
    return this.one(uuid);
  }

  private async nameOf(tx: Db, actor: Actor): Promise<string> {
    const name = actor ? await this.auth.organizationAccounts.nameOf(tx, actor) : null;
    return name ?? 'The Equip operator';
  }
}
