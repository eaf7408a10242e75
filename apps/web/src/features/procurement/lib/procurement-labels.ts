import type { HardwareRequestStatus } from '@equip/domain/hardware-requests';
import type {
  OrderPurchaseType,
  OrderStatus,
  OrderWizardStep,
  ShipmentCategory,
  ShipmentState,
} from '@equip/domain/procurement';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { translated } from '@/lib/i18n/translated';
import type { BadgeTone } from '@/ui/badge';

/** The words of procurement's enums, the same on every screen. */
export const PURCHASE_TYPE_LABELS = translated<z.infer<typeof OrderPurchaseType>>({
  'one-time-purchase': msg`Purchase`,
  rent: msg`Rent`,
});

export const ORDER_STATUS_LABELS = translated<OrderStatus>({
  created: msg`Created`,
  confirmed: msg`Confirmed`,
  rejected: msg`Rejected`,
  canceled: msg`Cancelled`,
  'in-progress': msg`On its way`,
  delivered: msg`Delivered`,
  undelivered: msg`Not delivered`,
  unknown: msg`Unknown`,
});

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  created: 'neutral',
  confirmed: 'indigo',
  rejected: 'red',
  canceled: 'neutral',
  'in-progress': 'sky',
  delivered: 'green',
  undelivered: 'red',
  unknown: 'amber',
};

export const SHIPMENT_CATEGORY_LABELS = translated<z.infer<typeof ShipmentCategory>>({
  data: msg`Order data`,
  transit: msg`In transit`,
  destination: msg`At destination`,
  customs: msg`Customs`,
  delivery: msg`Delivery`,
  exception: msg`Problem`,
});

export const SHIPMENT_STATE_LABELS = translated<ShipmentState>({
  data_order_created: msg`Order data received`,
  data_label_created: msg`Shipping label created`,
  transit_picked_up: msg`Picked up by the carrier`,
  transit_in_transit: msg`In transit`,
  transit_departed_facility: msg`Left a facility`,
  destination_arrived_at_facility: msg`Arrived at the destination facility`,
  customs_in_clearance: msg`In customs clearance`,
  customs_cleared: msg`Cleared customs`,
  delivery_out_for_delivery: msg`Out for delivery`,
  delivery_delivered: msg`Delivered`,
  exception_delayed: msg`Delayed`,
  exception_failed_attempt: msg`Delivery attempt failed`,
  exception_returned_to_sender: msg`Returned to sender`,
  exception_lost: msg`Lost`,
});

export const ORDER_WIZARD_STEP_LABELS = translated<z.infer<typeof OrderWizardStep>>({
  'devices-selection': msg`Devices`,
  'delivery-address': msg`Delivery address`,
  summary: msg`Summary`,
});

/** A hardware request's status (decision 037). */
export const HARDWARE_REQUEST_STATUS_LABELS = translated<HardwareRequestStatus>({
  requested: msg`Waiting for IT`,
  approved: msg`Approved`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
});

export const HARDWARE_REQUEST_STATUS_TONES: Record<HardwareRequestStatus, BadgeTone> = {
  requested: 'amber',
  approved: 'green',
  declined: 'red',
  withdrawn: 'neutral',
};
