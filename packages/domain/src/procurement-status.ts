import type { z } from 'zod';
import { DeviceStatus } from './devices.ts';
import { HardwareRequestStatus } from './hardware-requests.ts';
import {
  AssetShipmentStatus,
  CheckoutStatus,
  OrderDeliveryStatus,
  OrderStatus,
  ProcurementOrderStatus,
  ShipmentCategory,
  ShipmentState,
  shipmentCategory,
  TopiOrderStatus,
} from './procurement.ts';

/**
 * Every status family of SPEC §4 that procurement moves, with its allowed transitions, in one table
 * (issue 31, item 3). The server, the provider sandbox, the inbound webhook and the screens all ask
 * `transition` and the mappings below; nothing else decides whether a status may follow another.
 *
 * SPEC §4 does not show the allowed transitions; these are ours (decision 031):
 * - a terminal status has no way out (an order delivered, rejected or canceled stays so);
 * - `unknown` is where an order goes when the provider stops answering, and it leaves to whatever the
 *   provider reports next;
 * - staying in a status is not a transition (`Unchanged`): callers that receive a status twice (a
 *   webhook resent) treat it as nothing to do.
 */
export const STATUS_FAMILIES = {
  order: OrderStatus,
  delivery: OrderDeliveryStatus,
  checkout: CheckoutStatus,
  procurement: ProcurementOrderStatus,
  topiOrder: TopiOrderStatus,
  assetShipment: AssetShipmentStatus,
  device: DeviceStatus,
  shipmentCategory: ShipmentCategory,
  shipment: ShipmentState,
  hardwareRequest: HardwareRequestStatus,
} as const;
export type StatusFamily = keyof typeof STATUS_FAMILIES;
export const STATUS_FAMILY_NAMES = Object.keys(STATUS_FAMILIES) as StatusFamily[];
export type StatusOf<F extends StatusFamily> = z.infer<(typeof STATUS_FAMILIES)[F]>;

type TransitionTable<S extends string> = { readonly [From in S]: readonly S[] };

const ORDER: TransitionTable<StatusOf<'order'>> = {
  created: ['confirmed', 'rejected', 'canceled', 'unknown'],
  confirmed: ['in-progress', 'delivered', 'rejected', 'canceled', 'unknown'],
  'in-progress': ['delivered', 'undelivered', 'canceled', 'unknown'],
  undelivered: ['in-progress', 'delivered', 'canceled', 'unknown'],
  delivered: [],
  rejected: [],
  canceled: [],
  unknown: ['created', 'confirmed', 'in-progress', 'delivered', 'undelivered', 'rejected', 'canceled'],
};

const DELIVERY: TransitionTable<StatusOf<'delivery'>> = {
  'in-progress': ['delivered', 'undelivered'],
  undelivered: ['in-progress', 'delivered'],
  delivered: [],
};

/** A checkout is created, reviewed by the provider, then accepted, declined or left to expire; we void it (revoke, with a reason) while it is open. */
const CHECKOUT: TransitionTable<StatusOf<'checkout'>> = {
  created: ['pending_review', 'accepted', 'rejected', 'expired', 'voided'],
  pending_review: ['accepted', 'declined', 'rejected', 'expired', 'voided'],
  accepted: [],
  declined: [],
  rejected: [],
  expired: [],
  voided: [],
};

const PROCUREMENT: TransitionTable<StatusOf<'procurement'>> = {
  created: ['confirmed', 'rejected', 'canceled'],
  confirmed: ['completed', 'canceled'],
  completed: [],
  rejected: [],
  canceled: [],
};

const TOPI_ORDER: TransitionTable<StatusOf<'topiOrder'>> = {
  created: ['confirmed', 'acknowledged', 'rejected', 'canceled'],
  confirmed: ['acknowledged', 'accepted', 'rejected', 'canceled'],
  acknowledged: ['accepted', 'rejected', 'canceled'],
  accepted: ['partially_fulfilled', 'completed', 'canceled'],
  partially_fulfilled: ['completed', 'canceled'],
  completed: [],
  canceled: [],
  rejected: [],
};

const ASSET_SHIPMENT: TransitionTable<StatusOf<'assetShipment'>> = {
  created: ['shipped', 'rejected'],
  shipped: ['completed', 'returned'],
  returned: ['shipped'],
  completed: [],
  rejected: [],
};

/**
 * Devices as procurement moves them: an ordered device becomes in-stock on delivery (awaiting
 * registration when it is someone's), active on enrolment; an order that fails makes it inactive.
 */
const DEVICE: TransitionTable<StatusOf<'device'>> = {
  new: ['ordered', 'in-stock', 'awaiting-registration', 'active', 'inactive'],
  ordered: ['in-stock', 'awaiting-registration', 'inactive'],
  'in-stock': ['awaiting-registration', 'active', 'inactive'],
  'awaiting-registration': ['in-stock', 'active', 'inactive'],
  active: ['in-stock', 'inactive'],
  inactive: ['in-stock', 'awaiting-registration', 'active'],
};

/**
 * A hardware request (decision 037) waits as requested until an IT owner approves it (it becomes a
 * draft) or declines it, or its requester withdraws it; all three are final.
 */
const HARDWARE_REQUEST: TransitionTable<StatusOf<'hardwareRequest'>> = {
  requested: ['approved', 'declined', 'withdrawn'],
  approved: [],
  declined: [],
  withdrawn: [],
};

/** Shipment categories run data → transit → destination → customs → delivery; an exception can happen anywhere and the parcel moves on from it. */
const SHIPMENT_CATEGORY: TransitionTable<StatusOf<'shipmentCategory'>> = {
  data: ['transit', 'destination', 'customs', 'delivery', 'exception'],
  transit: ['destination', 'customs', 'delivery', 'exception'],
  destination: ['transit', 'customs', 'delivery', 'exception'],
  customs: ['transit', 'destination', 'delivery', 'exception'],
  delivery: ['transit', 'destination', 'exception'],
  exception: ['transit', 'destination', 'customs', 'delivery'],
};

/** Shipment states that end the parcel's journey. */
export const FINAL_SHIPMENT_STATES = [
  'delivery_delivered',
  'exception_returned_to_sender',
  'exception_lost',
] as const satisfies readonly ShipmentState[];

/**
 * Shipment states: within a category, forward in the enum's order (customs_in_clearance →
 * customs_cleared); across categories, as the categories allow; an exception may be followed by
 * another exception; the final states end it; nothing goes back to order data.
 */
function shipmentStates(): TransitionTable<ShipmentState> {
  const final: readonly ShipmentState[] = FINAL_SHIPMENT_STATES;
  const states = ShipmentState.options;
  const table = {} as Record<ShipmentState, ShipmentState[]>;
  for (const [fromIndex, from] of states.entries()) {
    const fromCategory = shipmentCategory(from);
    table[from] = final.includes(from)
      ? []
      : states.filter((to, toIndex) => {
          const toCategory = shipmentCategory(to);
          if (to === from || (toCategory === 'data' && fromCategory !== 'data')) return false;
          if (toCategory === fromCategory) return toIndex > fromIndex || fromCategory === 'exception';
          return SHIPMENT_CATEGORY[fromCategory].includes(toCategory);
        });
  }
  return table;
}

export const STATUS_TRANSITIONS: {
  readonly [F in StatusFamily]: TransitionTable<StatusOf<F>>;
} = {
  order: ORDER,
  delivery: DELIVERY,
  checkout: CHECKOUT,
  procurement: PROCUREMENT,
  topiOrder: TOPI_ORDER,
  assetShipment: ASSET_SHIPMENT,
  device: DEVICE,
  shipmentCategory: SHIPMENT_CATEGORY,
  shipment: shipmentStates(),
  hardwareRequest: HARDWARE_REQUEST,
};

/** Why a status may not follow another. */
export type TransitionRefusalReason =
  /** the value is not a status of the family */
  | 'UnknownStatus'
  /** it already is in that status: nothing to do */
  | 'Unchanged'
  /** the family's table does not allow it */
  | 'TransitionNotAllowed';

export interface TransitionRefusal {
  ok: false;
  errorType: 'IllegalStatusTransition';
  reason: TransitionRefusalReason;
  family: StatusFamily;
  from: string;
  to: string;
  /** what may follow `from` (empty for a terminal or unknown status) */
  allowed: readonly string[];
  /** a clear English sentence for logs and the API's error payload */
  message: string;
}
export type TransitionResult =
  | { ok: true; family: StatusFamily; from: string; to: string }
  | TransitionRefusal;

function isStatusOf<F extends StatusFamily>(family: F, value: string): value is StatusOf<F> {
  return (STATUS_FAMILIES[family].options as readonly string[]).includes(value);
}

/** Whether `to` may follow `from` in `family`: ok, or a typed refusal saying why. */
export function transition<F extends StatusFamily>(
  family: F,
  from: StatusOf<F> | string,
  to: StatusOf<F> | string,
): TransitionResult {
  const refuse = (
    reason: TransitionRefusalReason,
    allowed: readonly string[],
    message: string,
  ): TransitionRefusal => ({
    ok: false,
    errorType: 'IllegalStatusTransition',
    reason,
    family,
    from,
    to,
    allowed,
    message,
  });
  if (!isStatusOf(family, from)) return refuse('UnknownStatus', [], `"${from}" is not a ${family} status`);
  if (!isStatusOf(family, to)) return refuse('UnknownStatus', [], `"${to}" is not a ${family} status`);
  const table: TransitionTable<string> = STATUS_TRANSITIONS[family];
  const allowed = table[from] ?? [];
  if (from === to) return refuse('Unchanged', allowed, `The ${family} status is already ${to}`);
  if (!allowed.includes(to)) {
    const next =
      allowed.length === 0 ? `${from} is final` : `from ${from} it may become ${allowed.join(', ')}`;
    return refuse(
      'TransitionNotAllowed',
      allowed,
      `A ${family} status cannot change from ${from} to ${to}: ${next}`,
    );
  }
  return { ok: true, family, from, to };
}

/** Statuses with no way out. */
export function isFinalStatus<F extends StatusFamily>(family: F, status: StatusOf<F>): boolean {
  const table: TransitionTable<string> = STATUS_TRANSITIONS[family];
  return (table[status] ?? []).length === 0;
}

// How the families map onto each other.

/** A topi-style order's status as ours (accepted by the provider → confirmed; completed → delivered). */
export const ORDER_STATUS_OF_TOPI: {
  readonly [S in StatusOf<'topiOrder'>]: OrderStatus;
} = {
  created: 'created',
  confirmed: 'confirmed',
  acknowledged: 'confirmed',
  accepted: 'confirmed',
  partially_fulfilled: 'in-progress',
  completed: 'delivered',
  canceled: 'canceled',
  rejected: 'rejected',
};

/** A procurement order's status as ours. */
export const ORDER_STATUS_OF_PROCUREMENT: {
  readonly [S in StatusOf<'procurement'>]: OrderStatus;
} = {
  created: 'created',
  confirmed: 'confirmed',
  completed: 'delivered',
  rejected: 'rejected',
  canceled: 'canceled',
};

/** An asset shipment's status as an order's (a shipment exists once the order is confirmed; returned parcels did not arrive). */
export const ORDER_STATUS_OF_ASSET_SHIPMENT: {
  readonly [S in StatusOf<'assetShipment'>]: OrderStatus;
} = {
  created: 'confirmed',
  shipped: 'in-progress',
  completed: 'delivered',
  returned: 'undelivered',
  rejected: 'rejected',
};

/** What a checkout's status means for its order: accepted makes one (created); the others make none. */
export const ORDER_STATUS_OF_CHECKOUT: {
  readonly [S in StatusOf<'checkout'>]: OrderStatus | null;
} = {
  created: null,
  pending_review: null,
  accepted: 'created',
  declined: null,
  rejected: null,
  expired: null,
  voided: null,
};

/** An order's delivery status follows its status once the parcel is under way. */
export const DELIVERY_STATUS_OF_ORDER: {
  readonly [S in OrderStatus]: StatusOf<'delivery'> | null;
} = {
  created: null,
  confirmed: null,
  rejected: null,
  canceled: null,
  unknown: null,
  'in-progress': 'in-progress',
  delivered: 'delivered',
  undelivered: 'undelivered',
};

/**
 * The order status a shipment state moves the order to (null: it says nothing about the order):
 * a parcel on its way is in progress, delivered is delivered, returned or lost is undelivered.
 */
export function orderStatusOfShipment(state: ShipmentState): OrderStatus | null {
  if (state === 'delivery_delivered') return 'delivered';
  if (state === 'exception_returned_to_sender' || state === 'exception_lost') return 'undelivered';
  if (shipmentCategory(state) === 'data' || shipmentCategory(state) === 'exception') return null;
  return 'in-progress';
}

/**
 * The status of a device ordered with an order in this status: ordered until delivered, then in
 * stock (awaiting registration when it is assigned to a person); a rejected or canceled order makes
 * it inactive. An undelivered order may still be delivered again, so its devices stay ordered (the
 * order's status says why they have not arrived).
 */
export function deviceStatusOfOrder(status: OrderStatus, assigned: boolean): DeviceStatus {
  switch (status) {
    case 'delivered':
      return assigned ? 'awaiting-registration' : 'in-stock';
    case 'rejected':
    case 'canceled':
      return 'inactive';
    default:
      return 'ordered';
  }
}
