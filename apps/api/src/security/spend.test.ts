import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { authAttempts } from '../db/schema/index.ts';
import { getTestDatabase } from '../test/database.ts';
import { counter, RateLimiter, REFUSAL_DELAY_MS } from './rate-limit.ts';

/** Budgets (issue 24, fair share): an organisation's share of work, spent by what each request asks for. */
describe('spending a budget', () => {
  let database: Database;
  // A window long enough never to turn during a test.
  const budget = () => counter({ name: `budget-${randomUUID()}`, limit: 10, windowMs: 3_600_000 }, 'org');

  beforeAll(async () => {
    database = await getTestDatabase();
  });

  it('never lets concurrent spenders past the limit together, and counts nothing it refuses', async () => {
    const limiter = new RateLimiter(database.db);
    const c = budget();
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => limiter.spend(c, 3)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused.every((o) => (o.reason as { status?: number }).status === 429)).toBe(true);
    expect(await limiter.count(c)).toBe(9);
    // What is left can still be spent, by a new limiter (another instance) too.
    await new RateLimiter(database.db).spend(c, 1);
    expect(await limiter.count(c)).toBe(10);
    await expect(limiter.spend(c, 11)).rejects.toMatchObject({ status: 429 });
  });

  it('answers a refusal after a pause, and the same again for a moment without asking the database', async () => {
    const limiter = new RateLimiter(database.db);
    const c = budget();
    await limiter.spend(c, 8);
    const started = Date.now();
    await expect(limiter.spend(c, 3)).rejects.toMatchObject({ status: 429 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 10);
    // Room made behind its back (another instance's window, say) is not seen for as much or more...
    await database.db
      .update(authAttempts)
      .set({ count: 0 })
      .where(and(eq(authAttempts.key, `${c.policy.name}:${c.subject}`)));
    await expect(limiter.spend(c, 3)).rejects.toMatchObject({ status: 429 });
    expect(await limiter.count(c)).toBe(0);
    // ...but less is asked of the database, which has room.
    await limiter.spend(c, 2);
    expect(await limiter.count(c)).toBe(2);
    await limiter.spend(c, 3);
    expect(await limiter.count(c)).toBe(5);
  });
});
