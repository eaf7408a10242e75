import type { DeliveryAddress } from '@equip/domain/procurement';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  catalogItemSpecifications,
  catalogItems,
  checkouts,
  hardwareRequests,
  orderItems,
  orders,
  procurementDrafts,
  shipments,
} from '../db/schema/index.ts';
import { isAtWork, withStatus } from './demo-staff.ts';
import { HARDWARE_CATALOG } from './hardware-catalog.ts';
import { OFFICE_ADDRESSES } from './names.ts';
import type { PlannedPerson } from './people.ts';
import { addDays, type Random } from './random.ts';
import type { DemoScope } from './scope.ts';

export type CatalogOffer = Awaited<ReturnType<typeof ensureHardwareCatalog>>[number];

/**
 * The general hardware catalog is shared: items are inserted (with their specifications) only when no
 * item with the same label exists. Returns every specification of the demo items.
 */
export async function ensureHardwareCatalog(db: Db) {
  const labels = HARDWARE_CATALOG.map((item) => item.label);
  const existing = await db
    .select({ label: catalogItems.label })
    .from(catalogItems)
    .where(inArray(catalogItems.label, labels));
  const present = new Set(existing.map((row) => row.label));
  for (const item of HARDWARE_CATALOG.filter((entry) => !present.has(entry.label))) {
    const { specifications, ...fields } = item;
    const [inserted] = await db
      .insert(catalogItems)
      .values({ ...fields, scope: 'General' })
      .returning({ uuid: catalogItems.uuid });
    // The monthly rent sits beside the one-time price (decision 031): each configuration is offered
    // for its price and the item's rent offer's monthly rate. A rent offer is no configuration of its
    // own (its price is a monthly rate, which the catalog would show as a price to buy at).
    const monthlyRent = specifications.find((spec) => spec.purchaseType === 'rent')?.priceCents ?? null;
    await db
      .insert(catalogItemSpecifications)
      .values(
        specifications
          .filter((spec) => spec.purchaseType === 'one-time-purchase')
          .map((spec) => ({ ...spec, rentPriceCents: monthlyRent, catalogItemUuid: inserted!.uuid })),
      );
  }
  return db
    .select({
      specificationUuid: catalogItemSpecifications.uuid,
      itemUuid: catalogItems.uuid,
      scope: catalogItems.scope,
      label: catalogItems.label,
      deviceType: catalogItems.deviceType,
      operatingSystem: catalogItems.operatingSystem,
      manufacturer: catalogItems.manufacturer,
      modelName: catalogItems.modelName,
      screenSize: catalogItemSpecifications.screenSize,
      chip: catalogItemSpecifications.chip,
      memory: catalogItemSpecifications.memory,
      storage: catalogItemSpecifications.storage,
      color: catalogItemSpecifications.color,
      keyboardLanguage: catalogItemSpecifications.keyboardLanguage,
      rentable: sql<boolean>`${catalogItemSpecifications.rentPriceCents} is not null`,
    })
    .from(catalogItemSpecifications)
    .innerJoin(catalogItems, eq(catalogItems.uuid, catalogItemSpecifications.catalogItemUuid))
    .where(inArray(catalogItems.label, labels))
    .orderBy(catalogItems.label, catalogItemSpecifications.priceCents);
}

type OrderStatus = NonNullable<typeof orders.$inferInsert.status>;
type CheckoutStatus = NonNullable<typeof checkouts.$inferInsert.status>;
type ShipmentState = NonNullable<typeof shipments.$inferInsert.state>;
type DeliveryStatus = typeof orders.$inferInsert.deliveryStatus;

/** One order per line: where it stands, and how the checkout and the parcel got there. */
interface OrderScenario {
  status: OrderStatus;
  checkout: CheckoutStatus;
  delivery: DeliveryStatus;
  shipment: ShipmentState | null;
  intent: 'Onboarding' | 'HardwareRequest';
  daysAgo: number;
  revokeReason?: string;
}

const ORDER_SCENARIOS: readonly OrderScenario[] = [
  {
    status: 'delivered',
    checkout: 'accepted',
    delivery: 'delivered',
    shipment: 'delivery_delivered',
    intent: 'Onboarding',
    daysAgo: 48,
  },
  {
    status: 'delivered',
    checkout: 'accepted',
    delivery: 'delivered',
    shipment: 'delivery_delivered',
    intent: 'HardwareRequest',
    daysAgo: 21,
  },
  {
    status: 'in-progress',
    checkout: 'accepted',
    delivery: 'in-progress',
    shipment: 'transit_in_transit',
    intent: 'Onboarding',
    daysAgo: 4,
  },
  {
    status: 'in-progress',
    checkout: 'accepted',
    delivery: 'in-progress',
    shipment: 'delivery_out_for_delivery',
    intent: 'Onboarding',
    daysAgo: 3,
  },
  {
    status: 'in-progress',
    checkout: 'accepted',
    delivery: 'in-progress',
    shipment: 'exception_delayed',
    intent: 'HardwareRequest',
    daysAgo: 9,
  },
  {
    status: 'confirmed',
    checkout: 'accepted',
    delivery: null,
    shipment: 'data_label_created',
    intent: 'Onboarding',
    daysAgo: 2,
  },
  {
    status: 'created',
    checkout: 'pending_review',
    delivery: null,
    shipment: null,
    intent: 'Onboarding',
    daysAgo: 1,
  },
  {
    status: 'undelivered',
    checkout: 'accepted',
    delivery: 'undelivered',
    shipment: 'exception_returned_to_sender',
    intent: 'HardwareRequest',
    daysAgo: 30,
  },
  {
    status: 'canceled',
    checkout: 'voided',
    delivery: null,
    shipment: null,
    intent: 'HardwareRequest',
    daysAgo: 15,
    revokeReason: 'Ordered with the wrong keyboard layout',
  },
  {
    status: 'rejected',
    checkout: 'rejected',
    delivery: null,
    shipment: null,
    intent: 'HardwareRequest',
    daysAgo: 12,
  },
  {
    status: 'unknown',
    checkout: 'accepted',
    delivery: null,
    shipment: 'exception_lost',
    intent: 'HardwareRequest',
    daysAgo: 26,
  },
];

const CARRIERS = ['DHL', 'UPS', 'DPD'] as const;

export interface SeededOrder {
  uuid: string;
  recipient: PlannedPerson;
  status: OrderStatus;
  intent: OrderScenario['intent'];
  items: { offer: CatalogOffer; quantity: number }[];
  deliveryAddress: DeliveryAddress;
}

/** Orders in every state, each with its draft, checkout, items and (once shipped) a shipment. */
export async function seedOrders(scope: DemoScope, offers: readonly CatalogOffer[]): Promise<SeededOrder[]> {
  const { db, random, now, organizationUuid, staff } = scope;
  if (offers.length === 0) return [];
  const starters = withStatus(staff.people, 'ONBOARDING');
  const colleagues = staff.people.filter(isAtWork);
  const seeded: SeededOrder[] = [];
  for (const [index, scenario] of ORDER_SCENARIOS.entries()) {
    const pool = scenario.intent === 'Onboarding' && starters.length > 0 ? starters : colleagues;
    const recipient = pool[index % pool.length]!;
    const createdAt = addDays(now, -scenario.daysAgo);
    const deliveryAddress = addressFor(recipient, scope.organizationName);
    const items = random.sample(offers, random.int(1, 2)).map((offer) => ({
      offer,
      quantity: random.weighted([
        [1, 85],
        [2, 15],
      ] as const),
    }));

    const [draft] = await db
      .insert(procurementDrafts)
      .values({
        organizationUuid,
        procurementIntent: scenario.intent,
        buyerUserUuid: staff.itOwner.row.uuid,
        recipientUserUuid: recipient.row.uuid,
        deliveryAddress,
        items: items.map(({ offer, quantity }) => ({
          quantity,
          procurementItemSpecificationUuid: offer.specificationUuid,
        })),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ uuid: procurementDrafts.uuid });
    const [checkout] = await db
      .insert(checkouts)
      .values({
        organizationUuid,
        draftUuid: draft!.uuid,
        status: scenario.checkout,
        revokeReason: scenario.revokeReason ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ uuid: checkouts.uuid });
    const [order] = await db
      .insert(orders)
      .values({
        organizationUuid,
        checkoutUuid: checkout!.uuid,
        status: scenario.status,
        // Every third order rented (where its first model can be), the others bought.
        purchaseType: index % 3 === 2 && items[0]!.offer.rentable ? 'rent' : 'one-time-purchase',
        deliveryStatus: scenario.delivery,
        buyerUserUuid: staff.itOwner.row.uuid,
        recipientUserUuid: recipient.row.uuid,
        deliveryAddress,
        // The timeline: placed, then where it stands now (with its parcel's state, if any).
        tracking: [
          { at: createdAt.toISOString(), status: 'created', shipmentState: null },
          ...(scenario.status === 'created' && !scenario.shipment
            ? []
            : [
                {
                  at: addDays(createdAt, Math.min(scenario.daysAgo, 2)).toISOString(),
                  status: scenario.status === 'created' ? null : scenario.status,
                  shipmentState: scenario.shipment ?? null,
                },
              ]),
        ],
        createdAt,
        updatedAt: addDays(createdAt, Math.min(scenario.daysAgo, 2)),
      })
      .returning({ uuid: orders.uuid });
    await db.insert(orderItems).values(
      items.map(({ offer, quantity }) => ({
        organizationUuid,
        orderUuid: order!.uuid,
        specificationUuid: offer.specificationUuid,
        label: offer.label,
        quantity,
      })),
    );
    if (scenario.shipment) {
      await db.insert(shipments).values({
        organizationUuid,
        orderUuid: order!.uuid,
        ...trackingFor(random),
        state: scenario.shipment,
        stateChangedAt: addDays(now, -Math.floor(scenario.daysAgo / 3)),
        createdAt: addDays(createdAt, 1),
      });
    }
    seeded.push({
      uuid: order!.uuid,
      recipient,
      status: scenario.status,
      intent: scenario.intent,
      items,
      deliveryAddress,
    });
  }
  return seeded;
}

/** Remote people get their hardware at home; everyone else at their office. */
export function addressFor(person: PlannedPerson, organizationName: string): DeliveryAddress {
  const recipient = `${person.row.firstName} ${person.row.lastName}`;
  if (person.location === 'Remote') {
    return { recipient, address: 'Lindenstraße 12', city: 'Leipzig', postalCode: '04109', country: 'DE' };
  }
  const office = OFFICE_ADDRESSES[person.location];
  return {
    recipient,
    careOf: organizationName,
    address: office.address,
    city: person.location,
    postalCode: office.postalCode,
    country: 'DE',
  };
}

function trackingFor(random: Random): { carrier: string; trackingNumber: string } {
  const carrier = random.pick(CARRIERS);
  switch (carrier) {
    case 'DHL':
      return { carrier, trackingNumber: `00340434${random.digits(12)}` };
    case 'UPS':
      return { carrier, trackingNumber: `1Z${random.chars('0123456789ABCDEFGHJKLMNPRSTVWXY', 16)}` };
    case 'DPD':
      return { carrier, trackingNumber: `0${random.digits(13)}` };
  }
}

/**
 * Hardware requests (decision 037): two waiting for the IT owners (one from the demo's regular login, so
 * their own page shows it) and one declined with its reason. Picked without the random source, so the
 * rest of the demo stays as it was.
 */
export async function seedHardwareRequests(scope: DemoScope, offers: readonly CatalogOffer[]): Promise<void> {
  const { db, now, organizationUuid, staff } = scope;
  const colleagues = staff.people.filter(isAtWork);
  if (colleagues.length < 3) return;
  const laptop = offers.find((offer) => offer.deviceType === 'COMPUTER');
  const requester = (index: number) => colleagues[index % colleagues.length]!.row.uuid;
  await db.insert(hardwareRequests).values([
    {
      organizationUuid,
      requesterUserUuid: requester(3),
      deviceType: 'COMPUTER',
      specificationUuid: laptop?.specificationUuid ?? null,
      reason: 'My laptop is five years old and too slow for video calls and the new design tools.',
      createdAt: addDays(now, -2),
      updatedAt: addDays(now, -2),
    },
    {
      organizationUuid,
      requesterUserUuid: staff.regular?.row.uuid ?? requester(7),
      deviceType: 'PHONE',
      reason: 'I join the on-call rota next month and need a work phone for the alerts.',
      createdAt: addDays(now, -1),
      updatedAt: addDays(now, -1),
    },
    {
      organizationUuid,
      requesterUserUuid: requester(11),
      deviceType: 'TABLET',
      reason: 'A tablet to sketch on during customer workshops.',
      status: 'declined',
      decisionReason:
        'Tablets are for the design team; please borrow one of the shared tablets in the studio.',
      decidedByUserUuid: staff.itOwner.row.uuid,
      decidedAt: addDays(now, -4),
      createdAt: addDays(now, -6),
      updatedAt: addDays(now, -4),
    },
  ]);
}
