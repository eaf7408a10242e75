import { defineArea } from '../define-area.ts';

/** Onboarding and offboarding (not built yet): their webhook types wait for the flows' events. */
export const flowsArea = defineArea({
  name: 'flows',
  events: [],
  webhookGroups: { flows: ['onboarding.completed', 'offboarding.completed'] },
});
