import { z } from 'zod';
import { defineArea } from '../define-area.ts';

/**
 * Procurement (issue 31, decision 031). No events yet: its webhook type waits for the orders' events
 * (item 6). Its jobs move checkouts and orders at the provider one step at a time (the sandbox provider
 * walks them; a real provider's steps arrive by its webhook).
 */
export const procurementArea = defineArea({
  name: 'procurement',
  events: [],
  webhookGroups: { orders: ['order.status_changed'] },
  jobs: {
    /** Asks the provider where a checkout stands and applies its next status (accepted: the order is made). */
    'procurement.checkout': z.object({ organizationUuid: z.uuid(), checkoutUuid: z.uuid() }),
    /** Asks the provider where an order stands and applies its next status and shipment event. */
    'procurement.order': z.object({ organizationUuid: z.uuid(), orderUuid: z.uuid() }),
  },
});
