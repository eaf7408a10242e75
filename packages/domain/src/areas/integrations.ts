import { z } from 'zod';
import { defineArea } from '../define-area.ts';
import { HrProvider } from '../integrations.ts';

/**
 * The organisation's HR integrations (issue 30, decision 029). No events yet: they come with the HR
 * sync (issue 30, item 2) in one migration of the event log's check.
 */
export const integrationsArea = defineArea({
  name: 'integrations',
  events: [],
  jobs: {
    /** Hourly: enqueues `integrations.check` for every integration that is not paused. */
    'integrations.plan': z.object({}),
    /** Tests one organisation's HR integration again and records the outcome (decision 029). */
    'integrations.check': z.object({ organizationUuid: z.uuid(), provider: HrProvider }),
  },
});
