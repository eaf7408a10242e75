import { procurementArea } from '@equip/domain/areas/procurement';
import { msg } from '@lingui/core/macro';
import { defineWebArea } from '@/lib/define-area';

/** Procurement's webhook types in words (gathered in `src/areas.ts`). */
export const procurementWebArea = defineWebArea(procurementArea, {
  webhookGroupLabels: { orders: msg`Orders` },
  webhookDescriptions: { 'order.status_changed': msg`An order changed its status` },
});
