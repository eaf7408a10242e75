import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './secrets.ts';

/** A refresh token lives 90 days from its last use. */
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * Two tabs may refresh with the same token at nearly the same moment. A token rotated less than this
 * long ago is answered with a new sibling in the same family instead of being treated as stolen.
 */
export const CONCURRENT_REFRESH_GRACE_MS = 30 * 1000;

export type RefreshOutcome =
  | {
      kind: 'rotated';
      userUuid: string;
      familyUuid: string;
      actingOrganizationUuid: string | null;
      refreshToken: string;
    }
  | { kind: 'invalid' }
  /** An already-rotated token came back after the grace period: the family is revoked (RFC 9700 §4.14). */
  | { kind: 'reused'; userUuid: string };

export class RefreshTokens {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts a new family (a new sign-in, that is a new session). */
  async issue(
    userUuid: string,
    actingOrganizationUuid: string | null,
  ): Promise<{ refreshToken: string; familyUuid: string }> {
    const familyUuid = randomUUID();
    const token = randomToken();
    await this.db.insert(refreshTokens).values({
      userUuid,
      familyUuid,
      tokenHash: sha256(token),
      actingOrganizationUuid,
      expiresAt: new Date(this.now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return { refreshToken: token, familyUuid };
  }

  /** Exchanges a refresh token for its successor. */
  async rotate(token: string): Promise<RefreshOutcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
        .for('update');
      const now = this.now();
      if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'invalid' as const };
      if (row.rotatedAt) {
        if (now.getTime() - row.rotatedAt.getTime() > CONCURRENT_REFRESH_GRACE_MS) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.familyUuid, row.familyUuid), isNull(refreshTokens.revokedAt)));
          return { kind: 'reused' as const, userUuid: row.userUuid };
        }
      } else {
        await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.uuid, row.uuid));
      }
      const successor = randomToken();
      await tx.insert(refreshTokens).values({
        userUuid: row.userUuid,
        familyUuid: row.familyUuid,
        tokenHash: sha256(successor),
        actingOrganizationUuid: row.actingOrganizationUuid,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      });
      return {
        kind: 'rotated' as const,
        userUuid: row.userUuid,
        familyUuid: row.familyUuid,
        actingOrganizationUuid: row.actingOrganizationUuid,
        refreshToken: successor,
      };
    });
  }

  /** Logout: revokes the whole family of the given token; answers the family (the session), if any. */
  async revokeFamilyOf(token: string): Promise<string | null> {
    const [row] = await this.db
      .select({ familyUuid: refreshTokens.familyUuid })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (!row) return null;
    await this.revokeFamily(row.familyUuid);
    return row.familyUuid;
  }

  async revokeFamily(familyUuid: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(refreshTokens.familyUuid, familyUuid), isNull(refreshTokens.revokedAt)));
  }

  /** After a password change or reset every session of the user ends. */
  async revokeAllOf(userUuid: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(refreshTokens.userUuid, userUuid), isNull(refreshTokens.revokedAt)));
  }
}
