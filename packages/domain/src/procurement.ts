import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

export const ProcurementIntent = z.enum(['Onboarding', 'HardwareRequest']);
export const OrderPurchaseType = z.enum(['one-time-purchase', 'rent']);
export const OrderDeliveryStatus = z.enum(['in-progress', 'delivered', 'undelivered']);
export const OrderStatus = z.enum([
  'created',
  'confirmed',
  'rejected',
  'canceled',
  'in-progress',
  'delivered',
  'undelivered',
  'unknown',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const CheckoutStatus = z.enum([
  'created',
  'voided',
  'accepted',
  'expired',
  'pending_review',
  'rejected',
  'declined',
]);
export const ProcurementOrderStatus = z.enum(['created', 'confirmed', 'rejected', 'completed', 'canceled']);
export const TopiOrderStatus = z.enum([
  'created',
  'confirmed',
  'acknowledged',
  'accepted',
  'partially_fulfilled',
  'completed',
  'canceled',
  'rejected',
]);
export const AssetShipmentStatus = z.enum(['created', 'shipped', 'returned', 'completed', 'rejected']);
export const ShipmentCategory = z.enum([
  'data',
  'transit',
  'destination',
  'customs',
  'delivery',
  'exception',
]);
/** Shipment states from order data through transit, destination, customs and delivery to exceptions. */
export const ShipmentState = z.enum([
  'data_order_created',
  'data_label_created',
  'transit_picked_up',
  'transit_in_transit',
  'transit_departed_facility',
  'destination_arrived_at_facility',
  'customs_in_clearance',
  'customs_cleared',
  'delivery_out_for_delivery',
  'delivery_delivered',
  'exception_delayed',
  'exception_failed_attempt',
  'exception_returned_to_sender',
  'exception_lost',
]);
export type ShipmentState = z.infer<typeof ShipmentState>;
export function shipmentCategory(state: ShipmentState): z.infer<typeof ShipmentCategory> {
  return state.split('_')[0] as z.infer<typeof ShipmentCategory>;
}
export const ProcurementProviderKind = z.enum(['TopiComspot']);
export const CatalogScope = z.enum(['Organization', 'General']);
export const OrderWizardStep = z.enum(['devices-selection', 'delivery-address', 'summary']);
export const OrderViewTab = z.enum(['summary', 'devices']);

export const DeliveryAddress = z.object({
  recipient: z.string().trim().min(1).max(200),
  careOf: z.string().trim().max(200).optional(),
  address: z.string().trim().min(1).max(300),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  country: z.string().trim().min(2).max(100),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

export const DraftItem = z.object({
  quantity: z.number().int().min(1).max(1000),
  procurementItemSpecificationUuid: Uuid,
});
export const ProcurementDraft = z.object({
  procurementIntent: ProcurementIntent,
  buyerUserUuid: Uuid,
  recipientUserUuid: Uuid.optional(),
  deliveryAddress: DeliveryAddress,
  items: z.array(DraftItem).min(1),
});
/** Provider admins act for an organisation: their draft names it. */
export const AdminProcurementDraft = ProcurementDraft.extend({ organizationUuid: Uuid });
export const Checkout = z.object({ procurementProviderKind: ProcurementProviderKind, procurementUuid: Uuid });
export const RevokeCheckout = z.object({ reason: z.string().trim().min(1).max(1000) });

export const Order = z.object({
  uuid: Uuid,
  organizationUuid: Uuid,
  status: OrderStatus,
  purchaseType: OrderPurchaseType,
  deliveryStatus: OrderDeliveryStatus.nullable(),
  recipientUserUuid: Uuid.nullable(),
  createdAt: IsoDateTime,
});
