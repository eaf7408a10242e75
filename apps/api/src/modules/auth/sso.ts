import { ErrorType } from '@equip/domain/errors';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { publicOnlyFetch, publicUrlProblem } from '../../providers/outbound/public-fetch.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';
import type { AuthService, LoggedIn } from './service.ts';

export const SSO_CALLBACK_PATH = '/api/user/shared/auth/unprotected/sso/callback';

const ssoError = (errorType: string, msg: string, status = 400) => new AppError(status, { msg, errorType });
export const unknownEmail = () =>
  ssoError(ErrorType.SSOAuthenticationErrorUnknownEmail, 'No account uses this email address');
export const softDeleted = () =>
  ssoError(ErrorType.SSOAuthenticationErrorUserSoftDeleted, 'This account has been removed', 403);
export const ssoUnknown = (msg = 'Single sign-on failed') =>
  ssoError(ErrorType.SSOAuthenticationErrorUnknown, msg);

/** A redirect target must stay on our origin: a path, not `//host` or a URL. */
export function safeRedirect(target: string | undefined, fallback = '/dashboard/overview'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}

/**
 * Single sign-on with OpenID Connect (authorization code + PKCE), against the issuer the person's
 * organisation configured (Google, Microsoft, or any standard provider).
 */
export class SsoService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly publicUrl: string,
    /** Tests only: plain-http issuers on loopback (a local identity provider). */
    private readonly allowPrivateIssuers: boolean,
  ) {}

  private async configurationFor(organizationUuid: string): Promise<oidc.Configuration> {
    const [org] = await this.db.select().from(organizations).where(eq(organizations.uuid, organizationUuid));
    if (!org?.ssoIssuer || !org.ssoClientId || !org.ssoClientSecret) {
      throw ssoUnknown('Single sign-on is not set up for this organisation');
    }
    // Checked again at use: the address may have been stored before this rule, or resolve elsewhere now.
    const problem = await publicUrlProblem(org.ssoIssuer, { allowPrivate: this.allowPrivateIssuers });
    if (problem) throw ssoUnknown(`The single sign-on issuer cannot be used: ${problem}`);
    const issuer = new URL(org.ssoIssuer);
    const options: oidc.DiscoveryRequestOptions = this.allowPrivateIssuers
      ? { execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [] }
      : { [oidc.customFetch]: publicOnlyFetch };
    try {
      const configuration = await oidc.discovery(
        issuer,
        org.ssoClientId,
        org.ssoClientSecret,
        undefined,
        options,
      );
      // Token and userinfo requests go through the same guard as the discovery.
      if (!this.allowPrivateIssuers) configuration[oidc.customFetch] = publicOnlyFetch;
      return configuration;
    } catch {
      throw ssoUnknown('The identity provider could not be reached');
    }
  }

  /**
   * Where the person signs in. Unknown emails, removed accounts and accounts whose organisation has no
   * single sign-on all get the same `null` (the client asks for the password), so the answer tells a
   * stranger nothing about who has an account.
   */
  async start(email: string, redirect: string | undefined): Promise<{ authorizationUrl: string | null }> {
    const [active] = await this.db
      .select({ uuid: users.uuid, email: users.email, organizationUuid: users.organizationUuid })
      .from(users)
      .innerJoin(organizations, eq(organizations.uuid, users.organizationUuid))
      .where(
        and(
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          isNull(users.deletedAt),
          isNotNull(organizations.ssoIssuer),
          isNotNull(organizations.ssoClientId),
          isNotNull(organizations.ssoClientSecret),
        ),
      )
      .limit(1);
    if (!active) return { authorizationUrl: null };
    const config = await this.configurationFor(active.organizationUuid);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const state = await this.auth.tokens.create(active.uuid, TOKEN_PURPOSES.ssoState, {
      data: { codeVerifier, nonce, redirect: safeRedirect(redirect) },
      keepEarlier: true,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${this.publicUrl}${SSO_CALLBACK_PATH}`,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: active.email,
    });
    return { authorizationUrl: url.href };
  }

  /** Completes the round trip; answers the tokens and where to send the browser. */
  async callback(callbackUrl: URL, ip: string): Promise<{ tokens: LoggedIn; redirect: string }> {
    const state = callbackUrl.searchParams.get('state');
    const stored = state ? await this.auth.tokens.find(state, TOKEN_PURPOSES.ssoState) : null;
    if (!stored || !(await this.auth.tokens.consume(stored.uuid)))
      throw ssoUnknown('The sign-in has expired. Start again.');
    const data = stored.data as { codeVerifier: string; nonce: string; redirect: string };
    const [user] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.uuid, stored.userUuid)));
    if (!user) throw unknownEmail();
    if (user.deletedAt) throw softDeleted();
    const config = await this.configurationFor(user.organizationUuid);
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: data.codeVerifier,
        expectedNonce: data.nonce,
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
    const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : null;
    if (!email) throw ssoUnknown('The identity provider did not share an email address');
    if (claims?.email_verified === false)
      throw ssoUnknown('The identity provider has not verified this email address');
    if (email !== user.email.toLowerCase()) {
      // Signed in at the provider as someone else: find that person, or refuse.
      const [other] = await this.db
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, eq(users.organizationUuid, user.organizationUuid)));
      if (!other) throw unknownEmail();
      if (other.deletedAt) throw softDeleted();
      return {
        tokens: await this.auth.signIn.signIn(other, null, { ip, method: 'sso' }),
        redirect: data.redirect,
      };
    }
    return {
      tokens: await this.auth.signIn.signIn(user, null, { ip, method: 'sso' }),
      redirect: data.redirect,
    };
  }
}
