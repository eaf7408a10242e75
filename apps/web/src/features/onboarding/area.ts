import { flowsArea } from '@equip/domain/areas/flows';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** Onboarding's and offboarding's webhook types in words (gathered in `src/areas.ts`). */
export const flowsWebArea = defineWebArea(flowsArea, {
  webhookGroupLabels: { flows: msg`Onboarding and offboarding` },
  webhookDescriptions: {
    'onboarding.completed': msg`An onboarding was completed`,
    'offboarding.completed': msg`An offboarding was completed`,
  },
});
