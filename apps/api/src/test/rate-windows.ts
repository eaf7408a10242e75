import type { RatePolicy } from '../security/rate-limit.ts';

/**
 * Waits until at least `marginMs` of the policy's current fixed window remain, so that a test which
 * fills a counter and then expects a refusal does not see the window turn in between.
 */
export async function freshWindow(policy: RatePolicy, marginMs = 5000): Promise<void> {
  const left = policy.windowMs - (Date.now() % policy.windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
