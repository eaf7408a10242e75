import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, refreshTokens, users } from '../../db/schema/index.ts';
import type { AccessTokenVerifier, AuthContext } from '../../http/access.ts';
import type { AccessTokens } from './access-tokens.ts';

/** What the database says about a session right now. */
export interface SessionState {
  userUuid: string;
  role: AuthContext['role'];
  homeOrganizationUuid: string;
  actingOrganizationUuid: string | null;
  userDeleted: boolean;
  /** The user's own organisation is deactivated (decision 019): none of its people's sessions count. */
  organizationDeactivated: boolean;
}

/** Sessions kept in memory at most; the oldest go first. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * A token is only as good as the session behind it. Every request's token is checked against its
 * session (the refresh-token family it was issued with): the session is not logged out or revoked, the
 * user still exists and is not deleted, the role and the acting organisation are those the token
 * claims, and acting for another organisation is still allowed.
 *
 * The answer is cached per session for `recheckMs` (2 s by default), so a logout, demotion or deletion
 * takes effect within that time on every instance (and at once on the instance that made it), at the
 * price of one indexed lookup per session and period.
 */
export class LiveSessions implements AccessTokenVerifier {
  private readonly cache = new Map<string, { state: SessionState | null; checkedAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly recheckMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(token: string): Promise<AuthContext | null> {
    const auth = await this.accessTokens.verify(token);
    if (!auth) return null;
    const state = await this.stateOf(auth.sessionUuid);
    return state && sessionAllows(state, auth) ? auth : null;
  }

  /** Forget what is cached about these sessions (after this instance revoked them). */
  forget(...sessionUuids: string[]): void {
    for (const sid of sessionUuids) this.cache.delete(sid);
  }

  /** Forget every cached session of an organisation's people (after it was deactivated here). */
  forgetOrganization(organizationUuid: string): void {
    for (const [sid, entry] of this.cache)
      if (entry.state?.homeOrganizationUuid === organizationUuid) this.cache.delete(sid);
  }

  /** Forget every cached session of a user (after a password reset, deletion or role change here). */
  forgetUser(userUuid: string): void {
    for (const [sid, entry] of this.cache) if (entry.state?.userUuid === userUuid) this.cache.delete(sid);
  }

  private async stateOf(sessionUuid: string): Promise<SessionState | null> {
    const cached = this.cache.get(sessionUuid);
    const now = this.now();
    if (cached && now - cached.checkedAt < this.recheckMs) return cached.state;
    const state = await this.load(sessionUuid);
    if (this.cache.size >= MAX_CACHED_SESSIONS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(sessionUuid);
    this.cache.set(sessionUuid, { state, checkedAt: now });
    return state;
  }

  /** The session's live state, or null when it has ended (logged out, revoked, expired or unknown). */
  private async load(sessionUuid: string): Promise<SessionState | null> {
    const [row] = await this.db
      .select({
        userUuid: users.uuid,
        role: users.role,
        homeOrganizationUuid: users.organizationUuid,
        actingOrganizationUuid: refreshTokens.actingOrganizationUuid,
        deletedAt: users.deletedAt,
        organizationDeactivatedAt: organizations.deactivatedAt,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.uuid, refreshTokens.userUuid))
      .innerJoin(organizations, eq(organizations.uuid, users.organizationUuid))
      .where(
        and(
          eq(refreshTokens.familyUuid, sessionUuid),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date(this.now())),
        ),
      )
      .limit(1);
    if (!row) return null;
    const { deletedAt, organizationDeactivatedAt, ...rest } = row;
    return {
      ...rest,
      userDeleted: deletedAt !== null,
      organizationDeactivated: organizationDeactivatedAt !== null,
    };
  }
}

/** Does the session, as it stands, still back a token with these claims? */
export function sessionAllows(state: SessionState, auth: AuthContext): boolean {
  if (state.userDeleted || state.organizationDeactivated || state.userUuid !== auth.userUuid) return false;
  if (state.role !== auth.role || state.homeOrganizationUuid !== auth.homeOrganizationUuid) return false;
  const acting = state.actingOrganizationUuid ?? state.homeOrganizationUuid;
  if (acting !== auth.organizationUuid) return false;
  // Acting for another organisation is for provider admins only.
  return acting === state.homeOrganizationUuid || state.role === 'equip-admin';
}
