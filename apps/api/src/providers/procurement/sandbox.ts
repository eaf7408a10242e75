import type { OrderStatus, ShipmentState } from '@equip/domain/procurement';
import { orderStatusOfShipment } from '@equip/domain/procurement-status';
import {
  type CheckoutStatus,
  type OrderUpdate,
  type ProcurementAdapter,
  ProcurementRefused,
  ProcurementUnavailable,
  type ProviderCheckout,
  type ProviderOrder,
} from './adapter.ts';

/** How a sandbox checkout ends. */
export type SandboxCheckoutOutcome = 'accepted' | 'declined' | 'expired';
/** How a sandbox order ends. */
export type SandboxOrderOutcome = 'delivered' | 'rejected' | 'canceled' | 'undelivered';

/** The parcel's way to the door, one shipment event per step (every category of SPEC §4). */
export const SANDBOX_SHIPMENT_PATH: readonly ShipmentState[] = [
  'data_order_created',
  'data_label_created',
  'transit_picked_up',
  'transit_in_transit',
  'customs_in_clearance',
  'customs_cleared',
  'destination_arrived_at_facility',
  'delivery_out_for_delivery',
  'delivery_delivered',
];
/** An undelivered parcel: a failed attempt, then back to the sender. */
const UNDELIVERED_TAIL: readonly ShipmentState[] = [
  'exception_failed_attempt',
  'exception_returned_to_sender',
];

export interface SandboxScript {
  checkout: SandboxCheckoutOutcome;
  order: SandboxOrderOutcome;
  /** The next this many calls fail with ProcurementUnavailable (the job retries). */
  failures: number;
}

/**
 * The sandbox procurement provider, for the demo and tests: it behaves like the provider without one
 * behind it, one step per call — checkouts created → pending_review → accepted (or declined, expired);
 * orders created → confirmed → in-progress through the shipment events → delivered (or rejected,
 * canceled, undelivered). It keeps no state of its own: the next step follows from where the caller's
 * record stands, so a restart or another worker sees the same walk. Tests script the outcome and can
 * tell it to fail.
 */
export class SandboxProcurementAdapter implements ProcurementAdapter {
  readonly provider = 'TopiComspot' as const;
  readonly kind = 'sandbox' as const;
  private script: SandboxScript = { checkout: 'accepted', order: 'delivered', failures: 0 };

  constructor(readonly stepDelayMs: number) {}

  /** What the next checkouts and orders do (tests). */
  scriptOutcome(script: Partial<SandboxScript>): void {
    this.script = { ...this.script, ...script };
  }

  private maybeFail(): void {
    if (this.script.failures > 0) {
      this.script.failures--;
      throw new ProcurementUnavailable('The sandbox provider was told to fail');
    }
  }

  async submitCheckout(checkout: ProviderCheckout): Promise<{ providerReference: string }> {
    this.maybeFail();
    return { providerReference: `sandbox-checkout-${checkout.uuid}` };
  }

  async checkoutUpdate(checkout: ProviderCheckout): Promise<CheckoutStatus | null> {
    this.maybeFail();
    if (checkout.status === 'created') return 'pending_review';
    if (checkout.status === 'pending_review') return this.script.checkout;
    return null;
  }

  async placeOrder(_checkout: ProviderCheckout, orderUuid: string): Promise<{ providerReference: string }> {
    this.maybeFail();
    return { providerReference: `sandbox-order-${orderUuid}` };
  }

  async orderUpdate(order: ProviderOrder): Promise<OrderUpdate | null> {
    this.maybeFail();
    const outcome = this.script.order;
    const step = (status: OrderStatus | undefined, shipment?: ShipmentState): OrderUpdate => ({
      ...(status ? { status } : {}),
      ...(shipment ? { shipment } : {}),
    });
    switch (order.status) {
      case 'created':
        return outcome === 'rejected' ? step('rejected') : step('confirmed', 'data_order_created');
      case 'confirmed':
        if (outcome === 'canceled') return step('canceled');
        return this.nextShipment(order.shipment, outcome);
      case 'in-progress':
        return this.nextShipment(order.shipment, outcome);
      default:
        return null;
    }
  }

  /** An order can be canceled until its parcel is picked up (while it is only order data). */
  async cancelOrder(order: ProviderOrder): Promise<void> {
    this.maybeFail();
    const shipped = order.shipment !== null && !order.shipment.startsWith('data_');
    if (shipped || !['created', 'confirmed'].includes(order.status))
      throw new ProcurementRefused('The parcel has left: the provider no longer cancels this order');
  }

  /** The parcel's next event, and the order status it brings (in progress, delivered, undelivered). */
  private nextShipment(current: ShipmentState | null, outcome: SandboxOrderOutcome): OrderUpdate | null {
    const path =
      outcome === 'undelivered'
        ? [
            ...SANDBOX_SHIPMENT_PATH.slice(0, SANDBOX_SHIPMENT_PATH.indexOf('delivery_out_for_delivery') + 1),
            ...UNDELIVERED_TAIL,
          ]
        : SANDBOX_SHIPMENT_PATH;
    const next = path[current === null ? 0 : path.indexOf(current) + 1];
    if (!next) return null;
    const status = orderStatusOfShipment(next);
    return { shipment: next, ...(status ? { status } : {}) };
  }
}
