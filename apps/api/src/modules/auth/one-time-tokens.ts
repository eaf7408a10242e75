import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './secrets.ts';

/** What a one-time token is for, and how long it lives. */
export const TOKEN_PURPOSES = {
  /** Between password and second factor; also carries the hashed email/SMS code. */
  mfaChallenge: { name: 'mfa-challenge', ttlMs: 10 * 60 * 1000 },
  invitation: { name: 'invitation', ttlMs: 7 * 24 * 60 * 60 * 1000 },
  passwordReset: { name: 'password-reset', ttlMs: 60 * 60 * 1000 },
  emailVerification: { name: 'email-verification', ttlMs: 7 * 24 * 60 * 60 * 1000 },
  ssoState: { name: 'sso-state', ttlMs: 10 * 60 * 1000 },
} as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[keyof typeof TOKEN_PURPOSES];

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export class OneTimeTokens {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates a token; earlier unused tokens of the same purpose for the user stop working. */
  async create(
    userUuid: string,
    purpose: TokenPurpose,
    extra: { codeHash?: string; data?: Record<string, unknown>; keepEarlier?: boolean } = {},
  ): Promise<string> {
    const token = randomToken();
    const now = this.now();
    if (!extra.keepEarlier) {
      await this.db
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(oneTimeTokens.userUuid, userUuid),
            eq(oneTimeTokens.purpose, purpose.name),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    }
    await this.db.insert(oneTimeTokens).values({
      userUuid,
      purpose: purpose.name,
      tokenHash: sha256(token),
      codeHash: extra.codeHash,
      data: extra.data,
      expiresAt: new Date(now.getTime() + purpose.ttlMs),
    });
    return token;
  }

  /** The live (unused, unexpired) token, or null. */
  async find(token: string, purpose: TokenPurpose): Promise<OneTimeToken | null> {
    const [row] = await this.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, purpose.name)));
    if (!row || row.usedAt || row.expiresAt <= this.now()) return null;
    return row;
  }

  /** Marks a token used; false when it was used concurrently. */
  async consume(uuid: string): Promise<boolean> {
    const updated = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: this.now() })
      .where(and(eq(oneTimeTokens.uuid, uuid), isNull(oneTimeTokens.usedAt)))
      .returning({ uuid: oneTimeTokens.uuid });
    return updated.length === 1;
  }

  async setCode(uuid: string, codeHash: string): Promise<void> {
    await this.db.update(oneTimeTokens).set({ codeHash, attempts: 0 }).where(eq(oneTimeTokens.uuid, uuid));
  }

  /** Counts a wrong code; returns the attempts so far. */
  async recordAttempt(uuid: string): Promise<number> {
    const [row] = await this.db
      .update(oneTimeTokens)
      .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
      .where(eq(oneTimeTokens.uuid, uuid))
      .returning({ attempts: oneTimeTokens.attempts });
    return row?.attempts ?? Number.POSITIVE_INFINITY;
  }
}
