import type { RefreshResponse } from '@equip/domain/identity';
import { and, eq, ne } from 'drizzle-orm';
import { organizations, PROVIDER_ORGANIZATION_UUID } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { counter } from '../../security/rate-limit.ts';
import { logEvent } from '../audit-log/index.ts';
import { type AuthDeps, AuthPart, type LoggedIn } from './auth-part.ts';
import { POLICIES } from './rate-limit.ts';
import type { SignIn } from './sign-in.ts';

/** A session's life after sign-in: refresh, acting for another organisation, logout, revocation. */
export class SessionLifecycle extends AuthPart {
  constructor(
    deps: AuthDeps,
    private readonly signIn: SignIn,
  ) {
    super(deps);
  }

  async refresh(refreshToken: string, ip: string): Promise<RefreshResponse> {
    const failures = counter(POLICIES.refreshFailuresPerAddress, ip);
    await this.limiter.take([failures]);
    const outcome = await this.refreshTokens.rotate(refreshToken);
    if (outcome.kind !== 'rotated') {
      if (outcome.kind === 'reused') {
        const user = await this.userByUuid(outcome.userUuid).catch(() => null);
        if (user) {
          await logEvent(this.db, {
            organizationUuid: user.organizationUuid,
            type: 'REFRESH_TOKEN_REUSED',
            actorUuid: null,
            subjectUuid: user.uuid,
            data: { ip },
          });
        }
      }
      throw unauthorized('Refresh token is invalid');
    }
    await this.limiter.refund([failures]);
    const user = await this.userByUuid(outcome.userUuid).catch(() => null);
    const acting = outcome.actingOrganizationUuid;
    // Acting for another organisation must still be allowed: a session refreshed after its user lost the
    // provider-admin role ends here.
    const actingAllowed = !acting || acting === user?.organizationUuid || user?.role === 'equip-admin';
    if (!user || user.deletedAt || !actingAllowed) {
      await this.endSessions([outcome.familyUuid]);
      throw unauthorized('Refresh token is invalid');
    }
    const accessToken = await this.deps.accessTokens.sign({
      userUuid: user.uuid,
      sessionUuid: outcome.familyUuid,
      role: user.role,
      homeOrganizationUuid: user.organizationUuid,
      organizationUuid: acting ?? user.organizationUuid,
    });
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  /** Ends the session of the refresh token and of the access token, whichever were sent. */
  async logout(refreshToken: string | undefined, auth: AuthContext | null): Promise<void> {
    const ended = refreshToken ? await this.refreshTokens.revokeFamilyOf(refreshToken) : null;
    const sessions = [ended, auth?.sessionUuid].filter((sid): sid is string => Boolean(sid));
    await this.endSessions(sessions);
  }

  private async endSessions(familyUuids: string[]): Promise<void> {
    for (const familyUuid of familyUuids) await this.refreshTokens.revokeFamily(familyUuid);
    this.deps.sessions.forget(...familyUuids);
  }

  /** Every session of the user ends (password reset, removal, role change). */
  async endAllSessionsOf(userUuid: string): Promise<void> {
    await this.refreshTokens.revokeAllOf(userUuid);
    this.deps.sessions.forgetUser(userUuid);
  }

  /** A provider admin acts for another organisation: new tokens that treat it. */
  async actAs(
    auth: AuthContext,
    organizationUuid: string,
    previousRefreshToken: string | undefined,
    ip: string,
  ): Promise<LoggedIn> {
    const [org] = await this.db
      .select({ uuid: organizations.uuid })
      .from(organizations)
      .where(
        and(eq(organizations.uuid, organizationUuid), ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID)),
      );
    if (!org) throw notFound('Organization not found');
    const user = await this.userByUuid(auth.userUuid);
    if (user.role !== 'equip-admin' || user.deletedAt) throw unauthorized();
    await this.logout(previousRefreshToken, auth);
    return this.signIn.signIn(user, organizationUuid === user.organizationUuid ? null : organizationUuid, {
      ip,
      method: 'act-as',
    });
  }
}
