import { z } from 'zod';
import { defineArea, drafts } from '../define-area.ts';

/**
 * A toy area, declared as a real one is, for the tests only (no product registry lists it, nothing of
 * the product imports this folder): the domain's, the web's and the API's registry tests gather it with
 * the product's areas to show that an area registers its events, webhook types, notifications and jobs
 * through `defineArea` alone.
 */
const TOY_NOTIFICATIONS = { 'toy.broken': z.object({ toyName: z.string() }) };
const toyDraft = drafts(TOY_NOTIFICATIONS);

export const toyArea = defineArea({
  name: 'toys',
  events: ['TOY_ADDED', 'TOY_BROKEN'],
  webhookGroups: { toys: ['toy.created', 'toy.broken'] },
  webhookOfEvent: { TOY_ADDED: 'toy.created', TOY_BROKEN: 'toy.broken' },
  notificationParams: TOY_NOTIFICATIONS,
  notificationRules: {
    TOY_BROKEN: (event) => [
      toyDraft('toy.broken', 'negative', 'it-owners', { toyName: String(event.data?.name ?? '') }),
    ],
  },
  jobs: { 'toys.repair': z.object({ toyUuid: z.uuid() }) },
});
