import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
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
  /** Carries the hashed code an administrator confirms a device return with a reset by. */
  deviceReturnCode: { name: 'device-return-code', ttlMs: 10 * 60 * 1000 },
  /** Carries the hashed code an employee starts the enrolment of their device with (/start). */
  enrollmentCode: { name: 'enrollment-code', ttlMs: 10 * 60 * 1000 },
} as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[keyof typeof TOKEN_PURPOSES];

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export class OneTimeTokens {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The same tokens, read and written in a transaction the caller holds. */
  in(tx: Db): OneTimeTokens {
    return new OneTimeTokens(tx, this.now);
  }

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

  /**
   * The user's newest token of a purpose if it is live (unused, unexpired), or null: for codes, where
   * `create` retires the earlier ones and only the newest counts.
   */
  async newestLive(userUuid: string, purpose: TokenPurpose): Promise<OneTimeToken | null> {
    const [row] = await this.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userUuid, userUuid), eq(oneTimeTokens.purpose, purpose.name)))
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1);
    if (!row || row.usedAt || row.expiresAt <= this.now()) return null;
    return row;
  }

  /**
   * Makes a consumed token usable again (the work it was spent on did not happen), unless a newer
   * token of the purpose was created meanwhile.
   */
  async release(token: OneTimeToken): Promise<void> {
    const [newer] = await this.db
      .select({ uuid: oneTimeTokens.uuid })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userUuid, token.userUuid),
          eq(oneTimeTokens.purpose, token.purpose),
          ne(oneTimeTokens.uuid, token.uuid),
          // Compared in SQL: the row's time has microseconds, a Date only milliseconds.
          sql`${oneTimeTokens.createdAt} >= (select t.created_at from one_time_tokens t where t.uuid = ${token.uuid})`,
        ),
      )
      .limit(1);
    if (newer) return;
    await this.db.update(oneTimeTokens).set({ usedAt: null }).where(eq(oneTimeTokens.uuid, token.uuid));
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
