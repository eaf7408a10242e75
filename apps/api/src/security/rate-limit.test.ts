import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../modules/auth/rate-limit.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { encryptPassword, publicKey } from '../test/auth-client.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { counter, RateLimiter } from './rate-limit.ts';

describe('rate limits under concurrency', () => {
  let t: TestApp;
  let orgUuid: string;

  beforeAll(async () => {
    t = await createTestApp();
    orgUuid = (await createOrganization(t.services.database.db, `Limits ${randomUUID().slice(0, 6)}`)).uuid;
  });
  afterAll(() => t.app.close());

  it('lets exactly the limit through when every attempt arrives at once', async () => {
    const limiter = new RateLimiter(t.services.database.db);
    const policy = { name: `burst-${randomUUID()}`, limit: 10, windowMs: 60_000 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => limiter.take([counter(policy, 'subject')])),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(30);
    expect(refused.every((o) => (o.reason as { status?: number }).status === 429)).toBe(true);
  });

  it('gives back what succeeded and never goes below zero', async () => {
    const limiter = new RateLimiter(t.services.database.db);
    const c = counter({ name: `refund-${randomUUID()}`, limit: 2, windowMs: 60_000 }, 'x');
    await limiter.take([c]);
    await limiter.refund([c]);
    await limiter.refund([c]);
    expect(await limiter.count(c)).toBe(0);
    expect(await limiter.tryTake(c)).toBe(true);
    expect(await limiter.tryTake(c)).toBe(true);
    expect(await limiter.tryTake(c)).toBe(false);
    expect(await limiter.count(c)).toBe(2);
  });

  it('refuses all but ten of forty concurrent wrong passwords for one account from one address', async () => {
    // The probe's burst: 11 of 40 got through a limit of 10 when each read the count before any wrote it.
    const user = await createUser(t.services.database.db, {
      organizationUuid: orgUuid,
      role: 'it-owner',
      password: 'correct horse battery staple',
      email: `burst-${randomUUID()}@limits.test`,
    });
    const wrong = encryptPassword(await publicKey(t.app), 'wrong password!');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/shared/auth/unprotected/login',
          payload: { email: user.email, encryptedPassword: wrong },
          remoteAddress: '10.40.40.40',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(POLICIES.loginPerAccountAndAddress.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - POLICIES.loginPerAccountAndAddress.limit);
  });
});
