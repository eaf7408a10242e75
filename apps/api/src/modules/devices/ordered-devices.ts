import type { DeviceOs, DeviceType } from '@equip/domain/devices';
import type { OrderStatus } from '@equip/domain/procurement';
import { deviceStatusOfOrder } from '@equip/domain/procurement-status';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { logEvent } from '../audit-log/index.ts';

/** One line of an accepted order: how many devices of which kind, for whom. */
export interface OrderedLine {
  orderItemUuid: string;
  label: string;
  manufacturer: string | null;
  model: string | null;
  type: DeviceType;
  os: DeviceOs;
  quantity: number;
}

/**
 * The devices an accepted order makes (issue 31, item 6): one per unit, `ordered`, named after the
 * catalog item and assigned to the order's recipient when it has one, each linked to its order item.
 * Each is a DEVICE_ADDED event in the same transaction (no actor: the provider accepted the order).
 */
export async function addOrderedDevices(
  tx: Db,
  order: {
    organizationUuid: string;
    orderUuid: string;
    recipientUserUuid: string | null;
    lines: OrderedLine[];
  },
): Promise<number> {
  const values = order.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      organizationUuid: order.organizationUuid,
      name: line.label,
      type: line.type,
      os: line.os,
      manufacturer: line.manufacturer,
      model: line.model,
      status: 'ordered' as const,
      assignmentType: order.recipientUserUuid ? ('ASSIGNED' as const) : ('UNASSIGNED' as const),
      assignedToUuid: order.recipientUserUuid,
      orderItemUuid: line.orderItemUuid,
      orderUuid: order.orderUuid,
    })),
  );
  if (values.length === 0) return 0;
  const rows = await tx.insert(devices).values(values).returning({ uuid: devices.uuid });
  await logEvent(
    tx,
    rows.map((row, i) => {
      const device = values[i]!;
      return {
        organizationUuid: order.organizationUuid,
        type: 'DEVICE_ADDED' as const,
        actorUuid: null,
        subjectUuid: row.uuid,
        data: {
          name: device.name,
          type: device.type,
          os: device.os,
          status: device.status,
          orderUuid: order.orderUuid,
        },
      };
    }),
  );
  return values.length;
}

/**
 * An order's devices still `ordered` once the order moves, as the domain says
 * (`deviceStatusOfOrder`): delivered, in stock (awaiting registration when assigned to a person);
 * rejected or canceled, inactive (they will not come); otherwise still ordered. Found by the order's
 * items (indexed, `devices_order_item_idx`). One registered meanwhile keeps its status.
 */
export async function settleOrderedDevices(
  tx: Db,
  orderItemUuids: string[],
  status: OrderStatus,
): Promise<void> {
  if (orderItemUuids.length === 0) return;
  const now = new Date();
  for (const assignmentType of ['ASSIGNED', 'UNASSIGNED'] as const) {
    const next = deviceStatusOfOrder(status, assignmentType === 'ASSIGNED');
    if (next === 'ordered') continue;
    await tx
      .update(devices)
      .set({ status: next, updatedAt: now })
      .where(
        and(
          inArray(devices.orderItemUuid, orderItemUuids),
          eq(devices.status, 'ordered'),
          eq(devices.assignmentType, assignmentType),
        ),
      );
  }
}
