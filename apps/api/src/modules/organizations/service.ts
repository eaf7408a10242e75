import type {
  OrganizationSettings,
  SsoSettings,
  SsoSettingsInput,
  UpdateOrganizationSettings,
} from '@equip/domain/organizations';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type OutboundPolicy, publicUrlProblem } from '../../providers/outbound/public-fetch.ts';
import { logEvent } from '../events/index.ts';
import {
  allOrganizations,
  generalSettingsOf,
  ssoSettingsOf,
  updateGeneralSettings,
  updateSsoSettings,
} from './queries.ts';

/** The organisations themselves: the list provider admins act for, and each one's sign-in settings. */
export class OrganizationsService {
  constructor(private readonly outbound: OutboundPolicy) {}

  list(db: Db) {
    return allOrganizations(db);
  }

  async ssoSettings(tx: Db, auth: AuthContext): Promise<SsoSettings> {
    const org = await ssoSettingsOf(tx, auth.organizationUuid);
    if (!org) throw notFound('Organization not found');
    return {
      provider: org.provider,
      issuer: org.issuer,
      clientId: org.clientId,
      hasClientSecret: Boolean(org.clientSecret),
    };
  }

  /** The issuer must be reachable safely (https, public address); checked before the transaction. */
  async assertUsableIssuer(issuer: string): Promise<void> {
    const problem = await publicUrlProblem(issuer, this.outbound);
    if (problem) throw badRequest(problem, { location: 'body', param: 'issuer', path: ['issuer'] });
  }

  async configureSso(tx: Db, auth: AuthContext, input: SsoSettingsInput): Promise<SsoSettings> {
    const issuer = input.issuer.replace(/\/$/, '');
    await updateSsoSettings(tx, auth.organizationUuid, { ...input, issuer });
    await logEvent(tx, {
      organizationUuid: auth.organizationUuid,
      type: 'ORGANIZATION_UPDATED',
      actorUuid: auth.userUuid,
      subjectUuid: auth.organizationUuid,
      data: { sso: { provider: input.provider, issuer, clientId: input.clientId } },
    });
    return this.ssoSettings(tx, auth);
  }

  /** The organisation's name and the time zone its dates are shown in. */
  async settings(tx: Db, auth: AuthContext): Promise<OrganizationSettings> {
    const org = await generalSettingsOf(tx, auth.organizationUuid);
    if (!org) throw notFound('Organization not found');
    return org;
  }

  async updateSettings(
    tx: Db,
    auth: AuthContext,
    input: UpdateOrganizationSettings,
  ): Promise<OrganizationSettings> {
    const before = await this.settings(tx, auth);
    await updateGeneralSettings(tx, auth.organizationUuid, input);
    const after = await this.settings(tx, auth);
    await logEvent(tx, {
      organizationUuid: auth.organizationUuid,
      type: 'ORGANIZATION_UPDATED',
      actorUuid: auth.userUuid,
      subjectUuid: auth.organizationUuid,
      data: { before, after },
    });
    return after;
  }
}
