import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './secrets.ts';

/** A refresh token lives 90 days from its last use. */
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * Two tabs may refresh with the same token at nearly the same moment. A token rotated less than this
 * long ago is answered with the successor its first rotation gave, instead of being treated as stolen.
 */
export const CONCURRENT_REFRESH_GRACE_MS = 30 * 1000;

/**
 * The key a token's successor is derived with, from the installation secret (HKDF, a purpose of its
 * own). Only the server can compute a successor; one who holds a token learns nothing of the next.
 */
export function refreshSuccessorKey(installationSecret: Uint8Array): Buffer {
  return Buffer.from(
    hkdfSync('sha256', installationSecret, Buffer.alloc(0), 'equip refresh token successors', 32),
  );
}

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

/**
 * Refresh tokens in families, one family a session. Each token has one successor, derived from it
 * (`successorOf`): a replay within the grace finds the child its first rotation wrote and answers it
 * again, so concurrent refreshes share one line of tokens instead of forking the session into branches
 * that each keep refreshing (issue 24).
 */
export class RefreshTokens {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    /** `refreshSuccessorKey` of the installation secret; only `rotate` needs it (tests issue without). */
    private readonly successorKey?: Buffer,
  ) {}

  /** The one token that follows `token`: HMAC-SHA-256 under the server's key, as base64url. */
  private successorOf(token: string): string {
    if (!this.successorKey) throw new Error('RefreshTokens.rotate needs the successor key');
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

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

  /**
   * Exchanges a refresh token for its successor. The first rotation writes the successor; a replay
   * within `CONCURRENT_REFRESH_GRACE_MS` answers that same successor while it is unused. A replay after
   * the grace, or once the successor has itself been rotated (the session went on without this
   * caller), is reuse: the family is revoked (RFC 9700 §4.14.2).
   */
  async rotate(token: string): Promise<RefreshOutcome> {
    const successor = this.successorOf(token);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
        .for('update');
      const now = this.now();
      if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'invalid' as const };
      const rotated = {
        kind: 'rotated' as const,
        userUuid: row.userUuid,
        familyUuid: row.familyUuid,
        actingOrganizationUuid: row.actingOrganizationUuid,
        refreshToken: successor,
      };
      const reused = async () => {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyUuid, row.familyUuid), isNull(refreshTokens.revokedAt)));
        return { kind: 'reused' as const, userUuid: row.userUuid };
      };
      if (row.rotatedAt) {
        if (now.getTime() - row.rotatedAt.getTime() > CONCURRENT_REFRESH_GRACE_MS) return reused();
        const [child] = await tx
          .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt })
          .from(refreshTokens)
          .where(
            and(eq(refreshTokens.tokenHash, sha256(successor)), eq(refreshTokens.familyUuid, row.familyUuid)),
          );
        // No child: rotated under another key (JWT_SECRET changed) or before successors were derived.
        if (!child || child.revokedAt) return { kind: 'invalid' as const };
        if (child.rotatedAt) return reused();
        return rotated;
      }
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.uuid, row.uuid));
      await tx.insert(refreshTokens).values({
        userUuid: row.userUuid,
        familyUuid: row.familyUuid,
        tokenHash: sha256(successor),
        actingOrganizationUuid: row.actingOrganizationUuid,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      });
      return rotated;
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
