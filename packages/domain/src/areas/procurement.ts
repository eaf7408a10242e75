import { z } from 'zod';
import { defineArea, drafts } from '../define-area.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const NOTIFICATIONS = {
  /** An order's parcel left: who it is for (null: the organisation's stock) and the carrier's number. */
  'order.shipped': z.object({
    orderUuid: z.string(),
    recipientName: z.string().nullable(),
    trackingNumber: z.string().nullable(),
  }),
  /** An order's parcel is held up (delayed, a failed attempt, returned, lost): its shipment state. */
  'order.stuck': z.object({
    orderUuid: z.string(),
    recipientName: z.string().nullable(),
    shipmentState: z.string(),
  }),
  /** A regular user asked for a device (told to the IT owners): who and why. */
  'hardware_request.created': z.object({
    requestUuid: z.string(),
    requesterName: z.string(),
    reason: z.string(),
  }),
  /** An IT owner approved the requester's request (told to the requester): it became an order draft. */
  'hardware_request.approved': z.object({ requestUuid: z.string() }),
  /** An IT owner declined the requester's request (told to the requester), with the reason given. */
  'hardware_request.declined': z.object({ requestUuid: z.string(), reason: z.string() }),
};
const draft = drafts(NOTIFICATIONS);

/**
 * Procurement (issue 31, decisions 031 and 035). Its jobs move checkouts and orders at the provider one
 * step at a time (the sandbox provider walks them; a real provider's steps arrive by its webhook). An
 * order's changes are events: every status change, the parcel leaving (ORDER_SHIPPED) and a parcel held
 * up (ORDER_STUCK), which IT owners are told about.
 */
export const procurementArea = defineArea({
  name: 'procurement',
  events: [
    'ORDER_STATUS_CHANGED',
    'ORDER_SHIPPED',
    'ORDER_STUCK',
    'HARDWARE_REQUEST_CREATED',
    'HARDWARE_REQUEST_APPROVED',
    'HARDWARE_REQUEST_DECLINED',
  ],
  webhookGroups: { orders: ['order.status_changed', 'order.shipped', 'order.stuck'] },
  webhookOfEvent: {
    ORDER_STATUS_CHANGED: 'order.status_changed',
    ORDER_SHIPPED: 'order.shipped',
    ORDER_STUCK: 'order.stuck',
  },
  notificationParams: NOTIFICATIONS,
  notificationRules: {
    ORDER_SHIPPED: (event) => [
      draft('order.shipped', 'info', 'it-owners', {
        orderUuid: event.subjectUuid ?? '',
        recipientName: text(event.data?.recipientName),
        trackingNumber: text(event.data?.trackingNumber),
      }),
    ],
    // A hardware request's events have the requester as subject and the request in their data.
    HARDWARE_REQUEST_CREATED: (event) => [
      draft('hardware_request.created', 'info', 'it-owners', {
        requestUuid: text(event.data?.requestUuid) ?? '',
        requesterName: text(event.data?.requesterName) ?? '',
        reason: text(event.data?.reason) ?? '',
      }),
    ],
    HARDWARE_REQUEST_APPROVED: (event) => [
      draft('hardware_request.approved', 'positive', 'subject', {
        requestUuid: text(event.data?.requestUuid) ?? '',
      }),
    ],
    HARDWARE_REQUEST_DECLINED: (event) => [
      draft('hardware_request.declined', 'negative', 'subject', {
        requestUuid: text(event.data?.requestUuid) ?? '',
        reason: text(event.data?.reason) ?? '',
      }),
    ],
    ORDER_STUCK: (event) => [
      draft('order.stuck', 'negative', 'it-owners', {
        orderUuid: event.subjectUuid ?? '',
        recipientName: text(event.data?.recipientName),
        shipmentState: text(event.data?.shipmentState) ?? '',
      }),
    ],
  },
  jobs: {
    /** Asks the provider where a checkout stands and applies its next status (accepted: the order is made). */
    'procurement.checkout': z.object({ organizationUuid: z.uuid(), checkoutUuid: z.uuid() }),
    /** Asks the provider where an order stands and applies its next status and shipment event. */
    'procurement.order': z.object({ organizationUuid: z.uuid(), orderUuid: z.uuid() }),
  },
});
