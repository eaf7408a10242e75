import type { UpdateOrganizationSetup } from '@equip/domain/device-registration';
import type { OrganizationSetup } from '@equip/domain/identity';
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
import { encryptSecret } from '../../security/sealed-secrets.ts';
import { logEvent } from '../audit-log/index.ts';
import {
  allOrganizations,
  generalSettingsOf,
  ssoSettingsOf,
  updateGeneralSettings,
  updateSsoSettings,
} from './queries.ts';
import { organizationSetup, updateOrganizationSetup } from './setup.ts';

/** The organisations themselves: the list provider admins act for, and each one's sign-in settings. */
export class OrganizationsService {
  constructor(
    /** The system handle: the list spans organisations. */
    private readonly db: Db,
    private readonly outbound: OutboundPolicy,
    /** Seals the SSO client secret (purpose `equip sso client secrets`, decision 034). */
    private readonly ssoKey: Buffer,
  ) {}

  list() {
    return allOrganizations(this.db);
  }

  async ssoSettings(tx: Db, auth: AuthContext): Promise<SsoSettings> {
    const org = await ssoSettingsOf(tx, auth.organizationUuid);
    if (!org) throw notFound('Organization not found');
    return {
      provider: org.provider,
      issuer: org.issuer,
      clientId: org.clientId,
      hasClientSecret: Boolean(org.hasClientSecret),
    };
  }

  /** The issuer must be reachable safely (https, public address); checked before the transaction. */
  async assertUsableIssuer(issuer: string): Promise<void> {
    const problem = await publicUrlProblem(issuer, this.outbound);
    if (problem) throw badRequest(problem, { location: 'body', param: 'issuer', path: ['issuer'] });
  }

  async configureSso(tx: Db, auth: AuthContext, input: SsoSettingsInput): Promise<SsoSettings> {
    const issuer = input.issuer.replace(/\/$/, '');
    const { clientSecret, ...settings } = input;
    await updateSsoSettings(tx, auth.organizationUuid, {
      ...settings,
      issuer,
      // Sealed before it is stored (decision 034); never answered.
      ...(clientSecret ? { sealedClientSecret: encryptSecret(this.ssoKey, clientSecret) } : {}),
    });
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

  /** The organisation's setup progress: device registration skipped per platform, the test device. */
  setup(tx: Db, auth: AuthContext): Promise<OrganizationSetup> {
    return organizationSetup(tx, auth);
  }

  updateSetup(tx: Db, auth: AuthContext, input: UpdateOrganizationSetup): Promise<OrganizationSetup> {
    return updateOrganizationSetup(tx, auth, input);
  }
}

/** What the organisations' service is built with (services.ts). */
export interface OrganizationsDeps {
  /** The system handle the provider admins' list of organisations is read on. */
  db: Db;
  /** SSO_ALLOW_PRIVATE_ISSUERS: http and private addresses for an SSO issuer (tests). */
  outbound: OutboundPolicy;
  /** The key the SSO client secrets are sealed with (decision 034). */
  ssoKey: Buffer;
}

export function createOrganizationsService({
  db,
  outbound,
  ssoKey,
}: OrganizationsDeps): OrganizationsService {
  return new OrganizationsService(db, outbound, ssoKey);
}
