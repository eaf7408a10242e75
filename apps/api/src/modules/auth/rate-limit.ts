import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAttempts } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../http/errors.ts';

/** A counted limit: at most `limit` events per fixed window of `windowMs`. */
export interface RatePolicy {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the unauthenticated routes (docs/security.md lists them with their reasons).
 * No limit is keyed on an account alone where hitting it would refuse that account's owner: a stranger
 * must not be able to lock anyone out by failing on purpose.
 */
export const POLICIES = {
  /** Failed logins for one account from one address: the guessing of one attacker at one account. */
  loginPerAccountAndAddress: { name: 'login:pair', limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins from one address, whatever the account: one attacker trying many accounts. */
  loginPerAddress: { name: 'login:ip', limit: 100, windowMs: HOUR },
  /**
   * Failed logins for one account from anywhere. Past this many, every attempt at the account is
   * slowed down (LOGIN_SLOWDOWN_MS), never refused: the owner still gets in from a clean address.
   */
  loginSlowdownPerAccount: { name: 'login:account', limit: 20, windowMs: HOUR },
  /** Wrong second-factor codes for one account from one address (each code also allows 5 tries). */
  mfaPerAccountAndAddress: { name: 'mfa:pair', limit: 10, windowMs: 15 * MINUTE },
  /** Emailed or texted codes sent for one pending sign-in's account (the caller knows the password). */
  otpSendPerAccount: { name: 'otp-send', limit: 10, windowMs: HOUR },
  /** Confirmation codes (device return with a reset) mailed to one signed-in administrator. */
  confirmationCodeSendPerAccount: { name: 'confirmation-code-send', limit: 10, windowMs: HOUR },
  /** Reset requests for one email from one address, and from one address in all. */
  resetRequestsPerEmailAndAddress: { name: 'reset-request:pair', limit: 5, windowMs: HOUR },
  resetRequestsPerAddress: { name: 'reset-request:ip', limit: 50, windowMs: HOUR },
  /** Reset mails to one address per hour; past it requests are answered alike but send nothing. */
  resetMailsPerEmail: { name: 'reset-mail', limit: 10, windowMs: HOUR },
  resetAttemptsPerAddress: { name: 'reset-attempt:ip', limit: 50, windowMs: HOUR },
  refreshFailuresPerAddress: { name: 'refresh:ip', limit: 300, windowMs: HOUR },
  ssoStartsPerAddress: { name: 'sso:ip', limit: 100, windowMs: HOUR },
  /** Enrolment codes asked for one email from one address, and from one address in all (/start). */
  enrollmentCodeRequestsPerEmailAndAddress: { name: 'enrollment-code:pair', limit: 5, windowMs: HOUR },
  enrollmentCodeRequestsPerAddress: { name: 'enrollment-code:ip', limit: 50, windowMs: HOUR },
  /** Enrolment code mails to one address per hour; past it requests are answered alike, nothing sent. */
  enrollmentCodeMailsPerEmail: { name: 'enrollment-code-mail', limit: 10, windowMs: HOUR },
  /** Wrong enrolment codes from one address (each code also allows 5 tries). */
  enrollmentCodeFailuresPerAddress: { name: 'enrollment-verify:ip', limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RatePolicy>;

/** How long an attempt at an account past its slow-down threshold waits before it is checked. */
export const LOGIN_SLOWDOWN_MS = 1000;

/** One counter: a policy applied to a subject (an account, an address or both). */
export interface Counter {
  policy: RatePolicy;
  subject: string;
}

export const counter = (policy: RatePolicy, ...subject: string[]): Counter => ({
  policy,
  subject: subject.map((part) => part.toLowerCase()).join('|'),
});

/**
 * Fixed-window counters, kept in the database so that every instance agrees. `assertAllowed` refuses
 * with 429 and Retry-After once a counter has reached its policy's limit in the current window.
 */
export class RateLimiter {
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

  async count(c: Counter): Promise<number> {
    const [row] = await this.db
      .select({ count: authAttempts.count })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, this.key(c)), eq(authAttempts.windowStart, this.window(c.policy))));
    return row?.count ?? 0;
  }

  /** True when the counter has reached its limit in the current window. */
  async exceeded(c: Counter): Promise<boolean> {
    return (await this.count(c)) >= c.policy.limit;
  }

  /** Throws 429 when any of the counters has reached its limit in the current window. */
  async assertAllowed(counters: Counter[]): Promise<void> {
    for (const c of counters) {
      if (await this.exceeded(c)) {
        const retryAfterMs = this.window(c.policy).getTime() + c.policy.windowMs - this.now().getTime();
        throw tooManyRequests(retryAfterMs / 1000);
      }
    }
  }

  async record(counters: Counter[]): Promise<void> {
    for (const c of counters) {
      await this.db
        .insert(authAttempts)
        .values({ key: this.key(c), windowStart: this.window(c.policy), count: 1 })
        .onConflictDoUpdate({
          target: [authAttempts.key, authAttempts.windowStart],
          set: { count: sql`${authAttempts.count} + 1` },
        });
    }
  }

  async clear(c: Counter): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.key, this.key(c)));
  }
}
