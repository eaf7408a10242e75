import { z } from 'zod';
import { defineArea } from '../define-area.ts';
import { HrProvider } from '../integrations.ts';

/**
 * The organisation's HR integrations and SCIM tokens (issue 30, decisions 029, 032 and 034). The sync
 * writes the employees' events (USER_ADDED, USER_UPDATED with before and after, `via: 'hris'`); a SCIM
 * token made or revoked is the area's own.
 */
export const integrationsArea = defineArea({
  name: 'integrations',
  events: ['SCIM_TOKEN_CREATED', 'SCIM_TOKEN_REVOKED'],
  jobs: {
    /** Hourly: enqueues `integrations.check` for every integration that is not paused. */
    'integrations.plan': z.object({}),
    /** Tests one organisation's HR integration again and records the outcome (decision 029). */
    'integrations.check': z.object({ organizationUuid: z.uuid(), provider: HrProvider }),
    /** Hourly: enqueues `integrations.sync` for every integration whose setup is completed (decision 032). */
    'integrations.sync.plan': z.object({}),
    /**
     * Reads one organisation's HR changes and applies them (decision 032): into the run `runUuid` a
     * person queued (`actorUuid`), or a run of its own for the schedule (both null).
     */
    'integrations.sync': z.object({
      organizationUuid: z.uuid(),
      provider: HrProvider,
      runUuid: z.uuid().nullable(),
      actorUuid: z.uuid().nullable(),
    }),
  },
});
