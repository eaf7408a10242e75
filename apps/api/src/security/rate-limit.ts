import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authAttempts } from '../db/schema/index.ts';
import { tooManyRequests } from '../http/errors.ts';

/** A counted limit: at most `limit` events per fixed window of `windowMs`. */
export interface RatePolicy {
  name: string;
  limit: number;
  windowMs: number;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
/** How long a request refused by a budget (`spend`) waits for its 429. */
export const REFUSAL_DELAY_MS = SECOND;
export const HOUR = 60 * MINUTE;

/** One counter: a policy applied to a subject (an account, an address, an organisation or several). */
export interface Counter {
  policy: RatePolicy;
  subject: string;
}

export const counter = (policy: RatePolicy, ...subject: string[]): Counter => ({
  policy,
  // Emails and addresses count alike however they are written (case, Unicode form).
  subject: subject.map((part) => part.normalize('NFKC').toLowerCase()).join('|'),
});

/**
 * Fixed-window counters, kept in the database so that every instance agrees (the policies are named in
 * docs/security.md: the sign-in ones in modules/auth/rate-limit.ts, the per-organisation ones next to
 * the areas they guard).
 *
 * Every check that refuses is atomic: `take` counts the attempt and reads the new count in one
 * statement, so forty requests at once cannot all pass a limit of ten because each read the count
 * before any wrote it. A limit on failures takes a slot before the work and gives it back (`refund`)
 * when the work succeeds: an attempt in flight counts as a failure until it is known not to be one.
 */
export class RateLimiter {
  /**
   * Budgets `spend` found without room, by counter: for a moment, asking for as much or more is refused
   * here without a statement, so that a flood of refused requests costs the database nothing (on PGlite
   * every other organisation's statements wait behind it). Only refusals are remembered; nothing is let
   * through without the database.
   */
  private readonly full = new Map<string, { from: number; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private window(policy: RatePolicy): Date {
    return new Date(Math.floor(this.now().getTime() / policy.windowMs) * policy.windowMs);
  }

  private key(c: Counter): string {
    return `${c.policy.name}:${c.subject}`;
  }

  private retryAfterSeconds(policy: RatePolicy): number {
    return (this.window(policy).getTime() + policy.windowMs - this.now().getTime()) / 1000;
  }

  async count(c: Counter): Promise<number> {
    const [row] = await this.db
      .select({ count: authAttempts.count })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, this.key(c)), eq(authAttempts.windowStart, this.window(c.policy))));
    return row?.count ?? 0;
  }

  /** True when the counter has reached its limit in the current window (a read: refuses nothing). */
  async exceeded(c: Counter): Promise<boolean> {
    return (await this.count(c)) >= c.policy.limit;
  }

  /** Adds `by` to the counter and answers its new value, in one statement. */
  private async add(c: Counter, by: number): Promise<number> {
    const [row] = await this.db
      .insert(authAttempts)
      .values({ key: this.key(c), windowStart: this.window(c.policy), count: Math.max(by, 0) })
      .onConflictDoUpdate({
        target: [authAttempts.key, authAttempts.windowStart],
        set: { count: sql`greatest(${authAttempts.count} + ${by}, 0)` },
      })
      .returning({ count: authAttempts.count });
    return row?.count ?? 0;
  }

  /**
   * Counts one attempt on each counter; throws 429 (with Retry-After) when any of them went past its
   * limit. The refused attempt stays counted: a burst past the limit only keeps it reached.
   */
  async take(counters: Counter[]): Promise<void> {
    let refusedBy: RatePolicy | null = null;
    for (const c of counters) {
      const count = await this.add(c, 1);
      if (count > c.policy.limit && !refusedBy) refusedBy = c.policy;
    }
    if (refusedBy) throw tooManyRequests(this.retryAfterSeconds(refusedBy));
  }

  /** Counts one attempt when the counter has room for it; answers whether it had (a silent cap). */
  async tryTake(c: Counter): Promise<boolean> {
    const count = await this.add(c, 1);
    if (count <= c.policy.limit) return true;
    await this.add(c, -1);
    return false;
  }

  /**
   * Spends `amount` of a budget (an organisation's device commands: a bulk action for 500 devices
   * spends 500) when it has room for all of it, else throws 429 with Retry-After and counts nothing: a
   * refused request does nothing and costs nothing. One statement adds only when the sum stays within
   * the limit, so concurrent spenders never pass it together. A refusal is answered after
   * REFUSAL_DELAY_MS: a script that ignores Retry-After and asks again at once gets its answers at that
   * pace instead of taking the server's time from everyone else.
   */
  async spend(c: Counter, amount = 1): Promise<void> {
    if (amount <= 0) return;
    const refused = async () => {
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
      return tooManyRequests(this.retryAfterSeconds(c.policy));
    };
    if (amount > c.policy.limit) throw await refused();
    const key = this.key(c);
    const now = this.now().getTime();
    const full = this.full.get(key);
    if (full && full.until > now && amount >= full.from) throw await refused();
    const [row] = await this.db
      .insert(authAttempts)
      .values({ key, windowStart: this.window(c.policy), count: amount })
      .onConflictDoUpdate({
        target: [authAttempts.key, authAttempts.windowStart],
        set: { count: sql`${authAttempts.count} + ${amount}` },
        setWhere: sql`${authAttempts.count} + ${amount} <= ${c.policy.limit}`,
      })
      .returning({ count: authAttempts.count });
    if (!row) {
      // Room comes back with the next window: till then, refuse as much or more here for a second
      // after this refusal is answered.
      this.full.set(key, { from: amount, until: now + REFUSAL_DELAY_MS + SECOND });
      throw await refused();
    }
    this.full.delete(key);
  }

  /**
   * Runs `work` on `amount` of a budget (see `spend`: 429 when it has no room). Work that fails wrote
   * and sent nothing (a 404, a 409), and gives the amount back.
   */
  async spending<T>(c: Counter, amount: number, work: () => Promise<T>): Promise<T> {
    await this.spend(c, amount);
    try {
      return await work();
    } catch (error) {
      await this.add(c, -amount).catch(() => undefined);
      throw error;
    }
  }

  /** Gives back attempts taken by `take` that turned out not to count (a sign-in that succeeded). */
  async refund(counters: Counter[]): Promise<void> {
    for (const c of counters) await this.add(c, -1);
  }

  /** Counts one attempt on each counter without checking (what only slows down, never refuses). */
  async record(counters: Counter[]): Promise<void> {
    for (const c of counters) await this.add(c, 1);
  }

  async clear(c: Counter): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.key, this.key(c)));
  }
}
