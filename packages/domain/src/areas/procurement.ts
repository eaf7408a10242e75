import { defineArea } from '../define-area.ts';

/** Procurement (not built yet): its webhook type waits for the orders' events. */
export const procurementArea = defineArea({
  name: 'procurement',
  events: [],
  webhookGroups: { orders: ['order.status_changed'] },
});
