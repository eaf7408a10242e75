import { type RatePolicy, SECOND } from '../../security/rate-limit.ts';

/** The webhooks' per-organisation limits (docs/security.md, "Rate limits"). */
export const WEBHOOK_POLICIES = {
  /**
   * Deliveries sent on request, test events and redeliveries together, per organisation. Each reaches
   * the endpoint's server and holds a delivery worker for up to ten seconds. Ten in ten seconds is more
   * than anyone clicks while building a receiver or redelivering after an outage; a script redelivering
   * a backlog goes on at one a second, told when by Retry-After. The short window keeps a burst short
   * too. Deliveries of events are not limited here: they follow changes, which have their own pace.
   */
  sendsPerOrganization: { name: 'org:webhook-sends', limit: 10, windowMs: 10 * SECOND },
} as const satisfies Record<string, RatePolicy>;
