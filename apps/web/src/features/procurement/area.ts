import { procurementArea } from '@equip/domain/areas/procurement';
import type { ShipmentState } from '@equip/domain/procurement';
import { msg, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea } from '@/lib/define-area';
import { SHIPMENT_STATE_LABELS } from './lib/procurement-labels';

/** Procurement's events, webhook types and notifications in words (gathered in `src/areas.ts`). */
export const procurementWebArea = defineWebArea(procurementArea, {
  eventLabels: {
    ORDER_STATUS_CHANGED: msg`Order status changed`,
    ORDER_SHIPPED: msg`Order shipped`,
    ORDER_STUCK: msg`Order held up`,
    HARDWARE_REQUEST_CREATED: msg`Hardware requested`,
    HARDWARE_REQUEST_APPROVED: msg`Hardware request approved`,
    HARDWARE_REQUEST_DECLINED: msg`Hardware request declined`,
  },
  webhookGroupLabels: { orders: msg`Orders` },
  webhookDescriptions: {
    'order.status_changed': msg`An order changed its status`,
    'order.shipped': msg`An order's parcel left for its recipient`,
    'order.stuck': msg`An order's parcel is held up (delayed, a failed attempt, returned or lost)`,
  },
  notificationTexts: {
    'order.shipped': ({ orderUuid, recipientName, trackingNumber }) => ({
      title: t`Order shipped`,
      body: recipientName
        ? trackingNumber
          ? t`The devices for ${recipientName} are on their way (${trackingNumber}).`
          : t`The devices for ${recipientName} are on their way.`
        : t`The devices for the organisation's stock are on their way.`,
      link: { to: paths.dashboard.orders(orderUuid), label: t`Open the order` },
    }),
    'order.stuck': ({ orderUuid, recipientName, shipmentState }) => {
      const state =
        shipmentState in SHIPMENT_STATE_LABELS
          ? SHIPMENT_STATE_LABELS[shipmentState as ShipmentState]
          : shipmentState;
      return {
        title: t`Order held up`,
        body: recipientName
          ? t`The parcel for ${recipientName} is held up: ${state}.`
          : t`The parcel for the organisation's stock is held up: ${state}.`,
        link: { to: paths.dashboard.orders(orderUuid), label: t`Open the order` },
      };
    },
    'hardware_request.created': ({ requesterName, reason }) => ({
      title: t`Hardware requested`,
      body: t`${requesterName} asks for a device: ${reason}`,
      link: { to: paths.dashboard.hardwareRequests, label: t`Open the requests` },
    }),
    'hardware_request.approved': () => ({
      title: t`Hardware request approved`,
      body: t`Your request for a device was approved. Your IT team is ordering it.`,
      link: { to: paths.dashboard.me, label: t`Open your page` },
    }),
    'hardware_request.declined': ({ reason }) => ({
      title: t`Hardware request declined`,
      body: t`Your request for a device was declined: ${reason}`,
      link: { to: paths.dashboard.me, label: t`Open your page` },
    }),
  },
});
