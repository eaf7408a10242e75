import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAttempts } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../http/errors.ts';

/**
 * Fixed-window counters of failed attempts, kept in the database so that every instance agrees.
 * `assertAllowed` refuses with 429 and Retry-After once a key has reached its limit in the window.
 */
export const WINDOW_MS = 60 * 60 * 1000;

export const LIMITS = {
  /** Failed logins per account and hour (≤ 100). */
  loginPerAccount: 100,
  loginPerIp: 300,
  /** Failed MFA codes per account and hour, on top of 5 attempts per code. */
  mfaPerAccount: 30,
  otpSendPerAccount: 10,
  resetRequestsPerEmail: 5,
  resetRequestsPerIp: 50,
  resetAttemptsPerIp: 50,
  refreshFailuresPerIp: 300,
  ssoStartsPerIp: 100,
} as const;

function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async count(key: string): Promise<number> {
    const [row] = await this.db
      .select({ count: authAttempts.count })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), eq(authAttempts.windowStart, windowStart(this.now()))));
    return row?.count ?? 0;
  }

  /** Throws 429 when any of the keys has reached its limit in the current window. */
  async assertAllowed(checks: { key: string; limit: number }[]): Promise<void> {
    for (const { key, limit } of checks) {
      if ((await this.count(key)) >= limit) {
        const now = this.now();
        const retryAfterMs = windowStart(now).getTime() + WINDOW_MS - now.getTime();
        throw tooManyRequests(retryAfterMs / 1000);
      }
    }
  }

  async record(...keys: string[]): Promise<void> {
    const start = windowStart(this.now());
    for (const key of keys) {
      await this.db
        .insert(authAttempts)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({
          target: [authAttempts.key, authAttempts.windowStart],
          set: { count: sql`${authAttempts.count} + 1` },
        });
    }
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.key, key));
  }
}
