import { ErrorType } from '@equip/domain/errors';
import { safeRedirectPath } from '@equip/domain/redirects';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.ts';
import { emailKeyOf, hasEmail } from '../../db/emails.ts';
import { organizations, PROVIDER_ORGANIZATION_UUID, ssoStates, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { outboundFetch, publicUrlProblem } from '../../providers/outbound/public-fetch.ts';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import type { AuthService, LoggedIn } from './auth-service.ts';
import { randomToken, sha256 } from './secrets.ts';
import { SSO_AUTHORIZE_PATH, SSO_CALLBACK_PATH } from './sso-paths.ts';

/** How long a single sign-on round trip may take. */
const SSO_STATE_TTL_MS = 10 * 60 * 1000;

const ssoError = (errorType: string, msg: string, status = 400) => new AppError(status, { msg, errorType });
export const unknownEmail = () =>
  ssoError(ErrorType.SSOAuthenticationErrorUnknownEmail, 'No account uses this email address');
export const softDeleted = () =>
  ssoError(ErrorType.SSOAuthenticationErrorUserSoftDeleted, 'This account has been removed', 403);
export const ssoUnknown = (msg = 'Single sign-on failed') =>
  ssoError(ErrorType.SSOAuthenticationErrorUnknown, msg);

/** A redirect target must stay on our origin: the domain's rule, which the web app follows too. */
export function safeRedirect(target: string | undefined, fallback = '/dashboard/overview'): string {
  return safeRedirectPath(target, fallback);
}

/** Where a failed round trip lands: the login page, with the spec's single sign-on error code. */
export function ssoErrorLocation(error: unknown): string {
  const errorType =
    (error as { entries?: { errorType?: string }[] }).entries?.[0]?.errorType ??
    ErrorType.SSOAuthenticationErrorUnknown;
  return `/auth/login?ssoError=${encodeURIComponent(errorType)}`;
}

/**
 * Seals the SSO client secrets stored in plain text (before decision 034) and empties the plain column:
 * run at start-up, since the key comes from the installation secret, which a migration does not have.
 * Each row is changed only if its plain secret is still the one read, so instances starting together
 * seal it once.
 */
export async function sealPlainSsoSecrets(db: Db, key: Buffer): Promise<number> {
  const plain = await db
    .select({ uuid: organizations.uuid, secret: organizations.ssoClientSecret })
    .from(organizations)
    .where(isNotNull(organizations.ssoClientSecret));
  for (const row of plain) {
    await db
      .update(organizations)
      .set({ ssoClientSecretEncrypted: encryptSecret(key, row.secret!), ssoClientSecret: null })
      .where(and(eq(organizations.uuid, row.uuid), eq(organizations.ssoClientSecret, row.secret!)));
  }
  return plain.length;
}

/** The organisation's client secret: sealed, or (written by an instance older than decision 034) plain. */
function clientSecretOf(
  key: Buffer,
  org: { ssoClientSecretEncrypted: string | null; ssoClientSecret: string | null },
): string | null {
  if (org.ssoClientSecretEncrypted) return decryptSecret(key, org.ssoClientSecretEncrypted);
  return org.ssoClientSecret;
}

/**
 * Single sign-on with OpenID Connect (authorization code + PKCE), against the issuer an organisation
 * configured (Google, Microsoft, or any standard provider).
 *
 * Routing never depends on more than the email's one account: an email belongs to one account in the
 * installation (migration 0029), so single sign-on goes to that account's organisation's provider and
 * the callback signs in only that organisation's people.
 */
export class SsoService {
  /** Discovery, token and userinfo requests: public addresses only, no redirects followed. */
  private readonly fetch: typeof fetch;

  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly publicUrl: string,
    /** Tests only: plain-http issuers on loopback (a local identity provider). */
    private readonly allowPrivateIssuers: boolean,
    /** Opens the sealed client secrets (purpose `equip sso client secrets`). */
    private readonly secretKey: Buffer,
  ) {
    this.fetch = outboundFetch({ allowPrivate: allowPrivateIssuers });
  }

  private async configurationFor(organizationUuid: string): Promise<oidc.Configuration> {
    const [org] = await this.db.select().from(organizations).where(eq(organizations.uuid, organizationUuid));
    const clientSecret = org ? clientSecretOf(this.secretKey, org) : null;
    if (!org?.ssoIssuer || !org.ssoClientId || !clientSecret) {
      throw ssoUnknown('Single sign-on is not set up for this organisation');
    }
    // Checked again at use: the address may have been stored before this rule, or resolve elsewhere now.
    const problem = await publicUrlProblem(org.ssoIssuer, { allowPrivate: this.allowPrivateIssuers });
    if (problem) throw ssoUnknown(`The single sign-on issuer cannot be used: ${problem}`);
    const issuer = new URL(org.ssoIssuer);
    // Plain http passed publicUrlProblem only where private issuers are allowed (tests).
    const options: oidc.DiscoveryRequestOptions = {
      [oidc.customFetch]: this.fetch,
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    };
    try {
      const configuration = await oidc.discovery(issuer, org.ssoClientId, clientSecret, undefined, options);
      // Token and userinfo requests go through the same guard as the discovery.
      configuration[oidc.customFetch] = this.fetch;
      return configuration;
    } catch {
      throw ssoUnknown('The identity provider could not be reached');
    }
  }

  /**
   * The organisation whose identity provider this email signs in with, or null. A known email goes
   * by its account's organisation. An email nobody uses goes by its domain when the people of exactly
   * one organisation use that domain: so within an organisation with single sign-on, known and unknown
   * emails are answered alike (the callback says "unknown email" once the provider has vouched for the
   * person). Both lookups always run, so neither answer takes longer than the other.
   */
  private async organizationFor(email: string): Promise<string | null> {
    const accounts = await this.db
      .select({ organizationUuid: users.organizationUuid })
      .from(users)
      .where(and(hasEmail(email), isNull(users.deletedAt)))
      .limit(2);
    // The first organisation by id whose people use the email's domain, and whether any other does
    // too: two probes of users_email_domain_idx, however many people the organisations have.
    const domain = sql`split_part(${emailKeyOf(email)}, '@', 2)`;
    const { rows: domainOwners } = (await this.db.execute(sql`
      with first as (
        select organization_uuid from users
        where split_part(email_key, '@', 2) = ${domain} and deleted_at is null
          and organization_uuid <> ${PROVIDER_ORGANIZATION_UUID}
        order by organization_uuid limit 1
      )
      select first.organization_uuid as "organizationUuid",
        exists (
          select 1 from users u
          where split_part(u.email_key, '@', 2) = ${domain} and u.deleted_at is null
            and u.organization_uuid > first.organization_uuid
        ) as shared
      from first`)) as unknown as { rows: { organizationUuid: string; shared: boolean }[] };
    const domainUser = domainOwners[0];
    // An email accounts shared before emails were unique (migration 0029) signs in nobody.
    if (accounts.length > 1) return null;
    const organizationUuid =
      accounts[0]?.organizationUuid ??
      (domainUser && !domainUser.shared ? domainUser.organizationUuid : null);
    if (!organizationUuid) return null;
    const [org] = await this.db
      .select({
        issuer: organizations.ssoIssuer,
        clientId: organizations.ssoClientId,
        secret: sql<boolean>`${or(isNotNull(organizations.ssoClientSecretEncrypted), isNotNull(organizations.ssoClientSecret))}`,
      })
      .from(organizations)
      .where(eq(organizations.uuid, organizationUuid));
    return org?.issuer && org.clientId && org.secret ? organizationUuid : null;
  }

  /**
   * Where the person signs in: Equip's own authorize step for an email that signs in with single
   * sign-on (known or not, see organizationFor), else `null` (the client asks for the password). The
   * provider is not contacted here, so an unreachable provider changes nothing in this answer either.
   */
  async start(email: string, redirect: string | undefined): Promise<{ authorizationUrl: string | null }> {
    const organizationUuid = await this.organizationFor(email);
    if (!organizationUuid) return { authorizationUrl: null };
    const state = randomToken();
    await this.db.insert(ssoStates).values({
      organizationUuid,
      stateHash: sha256(state),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      loginHint: email,
      redirect: safeRedirect(redirect),
      expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
    });
    return { authorizationUrl: `${this.publicUrl}${SSO_AUTHORIZE_PATH}?state=${encodeURIComponent(state)}` };
  }

  /** The round trip of a state, while it is live (unused, unexpired). */
  private async liveState(state: string | null) {
    if (!state) return null;
    const [row] = await this.db
      .select()
      .from(ssoStates)
      .where(eq(ssoStates.stateHash, sha256(state)));
    if (!row || row.usedAt || row.expiresAt <= new Date()) return null;
    return row;
  }

  /** The provider's sign-in page for a started round trip (the browser is redirected there). */
  async authorize(state: string): Promise<string> {
    const round = await this.liveState(state);
    if (!round) throw ssoUnknown('The sign-in has expired. Start again.');
    const config = await this.configurationFor(round.organizationUuid);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${this.publicUrl}${SSO_CALLBACK_PATH}`,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(round.codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce: round.nonce,
      login_hint: round.loginHint,
    });
    return url.href;
  }

  /**
   * Completes the round trip: the account is the one, among the people of the organisation whose
   * provider vouched, with the email the provider vouches for. Answers the tokens and where to land.
   */
  async callback(callbackUrl: URL, ip: string): Promise<{ tokens: LoggedIn; redirect: string }> {
    const state = callbackUrl.searchParams.get('state');
    const round = await this.liveState(state);
    const consumed =
      round &&
      (await this.db
        .update(ssoStates)
        .set({ usedAt: new Date() })
        .where(and(eq(ssoStates.uuid, round.uuid), isNull(ssoStates.usedAt)))
        .returning({ uuid: ssoStates.uuid }));
    if (!round || !consumed || consumed.length !== 1)
      throw ssoUnknown('The sign-in has expired. Start again.');
    const config = await this.configurationFor(round.organizationUuid);
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: round.codeVerifier,
        expectedNonce: round.nonce,
        expectedState: state!,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      claims = idToken;
      // Some providers put the email only in the userinfo answer, not in the ID token.
      if (idToken && typeof idToken.email !== 'string') {
        claims = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      }
    } catch {
      throw ssoUnknown('The identity provider did not confirm the sign-in');
    }
    const email = typeof claims?.email === 'string' ? claims.email : null;
    if (!email) throw ssoUnknown('The identity provider did not share an email address');
    if (claims?.email_verified === false)
      throw ssoUnknown('The identity provider has not verified this email address');
    // Active people first: a removed account with the email only explains a refusal.
    const [person] = await this.db
      .select()
      .from(users)
      .where(and(hasEmail(email), eq(users.organizationUuid, round.organizationUuid)))
      .orderBy(sql`${users.deletedAt} is not null`, asc(users.createdAt))
      .limit(1);
    if (!person) throw unknownEmail();
    if (person.deletedAt) throw softDeleted();
    return {
      tokens: await this.auth.signIn.signIn(person, null, { ip, method: 'sso' }),
      redirect: round.redirect,
    };
  }
}
