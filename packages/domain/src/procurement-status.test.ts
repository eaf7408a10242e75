import { describe, expect, it } from 'vitest';
import { DeviceStatus } from './devices.ts';
import { OrderStatus, ShipmentState, shipmentCategory, TopiOrderStatus } from './procurement.ts';
import {
  DELIVERY_STATUS_OF_ORDER,
  deviceStatusOfOrder,
  FINAL_SHIPMENT_STATES,
  isFinalStatus,
  ORDER_STATUS_OF_ASSET_SHIPMENT,
  ORDER_STATUS_OF_CHECKOUT,
  ORDER_STATUS_OF_PROCUREMENT,
  ORDER_STATUS_OF_TOPI,
  orderStatusOfShipment,
  STATUS_FAMILIES,
  STATUS_FAMILY_NAMES,
  STATUS_TRANSITIONS,
  type StatusFamily,
  transition,
} from './procurement-status.ts';

/** Every ordered pair of a family's statuses, with whether the table allows it. */
function allPairs(family: StatusFamily): [string, string, boolean][] {
  const statuses: readonly string[] = STATUS_FAMILIES[family].options;
  const table: Readonly<Record<string, readonly string[]>> = STATUS_TRANSITIONS[family];
  return statuses.flatMap((from) =>
    statuses.map((to): [string, string, boolean] => [from, to, table[from]?.includes(to) ?? false]),
  );
}

describe('procurement status table (SPEC §4, decision 031)', () => {
  it('covers every SPEC §4 family procurement moves', () => {
    expect(STATUS_FAMILY_NAMES).toEqual([
      'order',
      'delivery',
      'checkout',
      'procurement',
      'topiOrder',
      'assetShipment',
      'device',
      'shipmentCategory',
      'shipment',
      'hardwareRequest',
    ]);
  });

  describe.each(STATUS_FAMILY_NAMES)('%s', (family) => {
    const statuses: readonly string[] = STATUS_FAMILIES[family].options;
    const table: Readonly<Record<string, readonly string[]>> = STATUS_TRANSITIONS[family];

    it('has a row for every status of the enum and names only its statuses', () => {
      expect(Object.keys(table).sort()).toEqual([...statuses].sort());
      for (const targets of Object.values(table)) {
        for (const to of targets) expect(statuses).toContain(to);
        expect(new Set(targets).size).toBe(targets.length);
      }
    });

    it.each(allPairs(family))('%s → %s allowed: %s', (from, to, allowed) => {
      const result = transition(family, from, to);
      expect(result.ok).toBe(allowed);
      if (result.ok) {
        expect(result).toEqual({ ok: true, family, from, to });
        return;
      }
      expect(result.errorType).toBe('IllegalStatusTransition');
      expect(result.family).toBe(family);
      expect(result.allowed).toEqual(table[from]);
      if (from === to) {
        expect(result.reason).toBe('Unchanged');
      } else {
        expect(result.reason).toBe('TransitionNotAllowed');
        expect(result.message).toContain(`from ${from} to ${to}`);
      }
    });

    it('refuses a value that is not one of its statuses, either way round', () => {
      const first = statuses[0] ?? '';
      for (const [from, to] of [
        ['nonsense', first],
        [first, 'nonsense'],
      ] as const) {
        const result = transition(family, from, to);
        expect(result).toMatchObject({
          ok: false,
          reason: 'UnknownStatus',
          allowed: [],
        });
      }
    });
  });

  it('says clearly why a final status cannot change', () => {
    const result = transition('order', 'delivered', 'in-progress');
    expect(result).toMatchObject({
      ok: false,
      reason: 'TransitionNotAllowed',
      message: 'A order status cannot change from delivered to in-progress: delivered is final',
    });
    expect(transition('checkout', 'created', 'declined')).toMatchObject({
      ok: false,
      message:
        'A checkout status cannot change from created to declined: from created it may become pending_review, accepted, rejected, expired, voided',
    });
  });

  it('runs the lifecycle the sandbox walks', () => {
    const walk = <F extends StatusFamily>(family: F, path: string[]) =>
      path.slice(1).every((to, index) => transition(family, path[index] ?? '', to).ok);
    expect(walk('checkout', ['created', 'pending_review', 'accepted'])).toBe(true);
    expect(walk('checkout', ['created', 'pending_review', 'declined'])).toBe(true);
    expect(walk('checkout', ['created', 'pending_review', 'expired'])).toBe(true);
    expect(walk('order', ['created', 'confirmed', 'in-progress', 'delivered'])).toBe(true);
    expect(
      walk('order', ['created', 'confirmed', 'in-progress', 'undelivered', 'in-progress', 'delivered']),
    ).toBe(true);
    expect(walk('device', ['ordered', 'awaiting-registration', 'active'])).toBe(true);
    expect(
      walk('shipment', [
        'data_order_created',
        'data_label_created',
        'transit_picked_up',
        'transit_in_transit',
        'customs_in_clearance',
        'customs_cleared',
        'destination_arrived_at_facility',
        'delivery_out_for_delivery',
        'exception_failed_attempt',
        'delivery_out_for_delivery',
        'delivery_delivered',
      ]),
    ).toBe(true);
    expect(transition('shipment', 'transit_in_transit', 'data_label_created').ok).toBe(false);
    expect(transition('shipment', 'customs_cleared', 'customs_in_clearance').ok).toBe(false);
  });

  it('final statuses are the ones with no way out', () => {
    expect(OrderStatus.options.filter((s) => isFinalStatus('order', s))).toEqual([
      'rejected',
      'canceled',
      'delivered',
    ]);
    expect(ShipmentState.options.filter((s) => isFinalStatus('shipment', s))).toEqual(
      [...FINAL_SHIPMENT_STATES].sort(
        (a, b) => ShipmentState.options.indexOf(a) - ShipmentState.options.indexOf(b),
      ),
    );
    expect(DeviceStatus.options.filter((s) => isFinalStatus('device', s))).toEqual([]);
  });
});

describe('how the families map onto each other', () => {
  it('a topi order accepted is our order confirmed, completed is delivered', () => {
    expect(ORDER_STATUS_OF_TOPI.accepted).toBe('confirmed');
    expect(ORDER_STATUS_OF_TOPI.completed).toBe('delivered');
    expect(ORDER_STATUS_OF_PROCUREMENT.completed).toBe('delivered');
  });

  it('an accepted checkout makes an order; no other checkout status does', () => {
    expect(Object.entries(ORDER_STATUS_OF_CHECKOUT).filter(([, order]) => order !== null)).toEqual([
      ['accepted', 'created'],
    ]);
  });

  // Each mapping must carry an allowed move of its family to an allowed (or no) move of ours.
  const consistent = <F extends StatusFamily>(family: F, map: Readonly<Record<string, OrderStatus>>) => {
    for (const [from, to] of allPairs(family).filter(([, , allowed]) => allowed)) {
      const a = map[from];
      const b = map[to];
      if (a === undefined || b === undefined) throw new Error(`${family} ${from}/${to} unmapped`);
      expect(
        a === b || transition('order', a, b).ok,
        `${family} ${from} → ${to} maps to order ${a} → ${b}`,
      ).toBe(true);
    }
  };
  it.each([
    ['topiOrder', ORDER_STATUS_OF_TOPI],
    ['procurement', ORDER_STATUS_OF_PROCUREMENT],
    ['assetShipment', ORDER_STATUS_OF_ASSET_SHIPMENT],
  ] as const)('every allowed %s move is an allowed order move', (family, map) => {
    consistent(family, map);
  });
  it('topi statuses are all mapped', () => {
    expect(Object.keys(ORDER_STATUS_OF_TOPI).sort()).toEqual([...TopiOrderStatus.options].sort());
  });

  it('an order delivered is a delivery delivered, and every allowed order move keeps the delivery status legal', () => {
    expect(DELIVERY_STATUS_OF_ORDER.delivered).toBe('delivered');
    for (const [from, to] of allPairs('order').filter(([, , allowed]) => allowed)) {
      const a = DELIVERY_STATUS_OF_ORDER[from as OrderStatus];
      const b = DELIVERY_STATUS_OF_ORDER[to as OrderStatus];
      if (a === null || b === null || a === b) continue;
      expect(transition('delivery', a, b).ok, `order ${from} → ${to}`).toBe(true);
    }
  });

  it('order delivered → device in-stock, or awaiting registration when assigned; every allowed order move is an allowed device move', () => {
    expect(deviceStatusOfOrder('delivered', false)).toBe('in-stock');
    expect(deviceStatusOfOrder('delivered', true)).toBe('awaiting-registration');
    expect(deviceStatusOfOrder('confirmed', true)).toBe('ordered');
    expect(deviceStatusOfOrder('rejected', false)).toBe('inactive');
    for (const assigned of [false, true]) {
      for (const [from, to] of allPairs('order').filter(([, , allowed]) => allowed)) {
        const a = deviceStatusOfOrder(from as OrderStatus, assigned);
        const b = deviceStatusOfOrder(to as OrderStatus, assigned);
        expect(a === b || transition('device', a, b).ok, `order ${from} → ${to}`).toBe(true);
      }
    }
  });

  it.each(ShipmentState.options)('shipment state %s moves the order as its category says', (state) => {
    const order = orderStatusOfShipment(state);
    const category = shipmentCategory(state);
    if (state === 'delivery_delivered') expect(order).toBe('delivered');
    else if (state === 'exception_lost' || state === 'exception_returned_to_sender')
      expect(order).toBe('undelivered');
    else if (category === 'data' || category === 'exception') expect(order).toBeNull();
    else expect(order).toBe('in-progress');
  });
});
