import type { OrderStatus, ShipmentState } from '@equip/domain/procurement';
import type { StatusOf } from '@equip/domain/procurement-status';

/**
 * The procurement provider interface (decision 031, the MDM adapters' pattern of decision 012): how
 * Equip hands a checkout to a provider (TopiComspot) and learns where it and its order stand. The jobs
 * `procurement.checkout` and `procurement.order` are its only callers; a real provider also reports the
 * same changes by its signed webhook, applied by the same functions.
 */

export type ProcurementProviderKind = 'TopiComspot';
export type CheckoutStatus = StatusOf<'checkout'>;

/** What the provider is told of a checkout. */
export interface ProviderCheckout {
  uuid: string;
  organizationUuid: string;
  /** The provider's id of it, once it took it. */
  providerReference: string | null;
  status: CheckoutStatus;
}

/** What the provider is asked of an order. */
export interface ProviderOrder {
  uuid: string;
  providerReference: string | null;
  status: OrderStatus;
  /** The latest shipment state of the order's parcel, if it has one. */
  shipment: ShipmentState | null;
}

/** One change at the provider: a new status, a shipment event, or both. */
export interface OrderUpdate {
  status?: OrderStatus;
  shipment?: ShipmentState;
}

export interface ProcurementAdapter {
  readonly provider: ProcurementProviderKind;
  /** `sandbox` (the simulation), or a real client's name. */
  readonly kind: 'sandbox';
  /** How long to wait before asking again about a checkout or an order that has not moved. */
  readonly stepDelayMs: number;
  /** Hands the checkout over; answers the provider's reference. ProcurementUnavailable: try again. */
  submitCheckout(checkout: ProviderCheckout): Promise<{ providerReference: string }>;
  /** The checkout's next status at the provider, or null when it has not moved. */
  checkoutUpdate(checkout: ProviderCheckout): Promise<CheckoutStatus | null>;
  /** Places the order of an accepted checkout; answers the provider's reference of the order. */
  placeOrder(checkout: ProviderCheckout, orderUuid: string): Promise<{ providerReference: string }>;
  /** The order's next change at the provider, or null when nothing moved. */
  orderUpdate(order: ProviderOrder): Promise<OrderUpdate | null>;
  /**
   * Asks the provider to cancel the order. Throws ProcurementRefused when it no longer allows it (the
   * parcel left), ProcurementUnavailable when it cannot answer now.
   */
  cancelOrder(order: ProviderOrder): Promise<void>;
}

/** The provider will not do it (an order already shipped cannot be canceled). */
export class ProcurementRefused extends Error {
  override name = 'ProcurementRefused';
}

/** The provider cannot answer now (down, rate limited, told to fail): the job tries again. */
export class ProcurementUnavailable extends Error {
  override name = 'ProcurementUnavailable';
}

/** No provider can take the checkout (no sandbox, no real provider configured). */
export class NoProcurementProvider extends Error {
  override name = 'NoProcurementProvider';
}
