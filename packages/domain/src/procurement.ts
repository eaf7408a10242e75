import { z } from 'zod';
import { IsoDateTime, pageOf, queryArray, searchableListQuery, Uuid } from './common.ts';
import { COUNTRY_CODES } from './countries.ts';
import { DeviceOs, DeviceType } from './devices.ts';

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
export type CatalogScope = z.infer<typeof CatalogScope>;
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

// Catalog (issue 31, item 1; decision 031).

const Spec = (max: number) => z.string().trim().min(1).max(max).nullable();
const Cents = z.number().int().min(0).max(100_000_000);

/** One orderable configuration of a catalog item, with its one-time price and its monthly rent. */
export const CatalogSpecification = z.object({
  uuid: Uuid,
  chip: z.string().nullable(),
  memory: z.string().nullable(),
  storage: z.string().nullable(),
  color: z.string().nullable(),
  keyboardLanguage: z.string().nullable(),
  screenSize: z.string().nullable(),
  /** The one-time price, in the currency's minor unit. */
  priceCents: z.number().int(),
  /** The monthly rent, in the currency's minor unit; null where it cannot be rented. */
  rentPriceCents: z.number().int().nullable(),
  currency: z.string(),
});
export type CatalogSpecification = z.infer<typeof CatalogSpecification>;

/** A catalog item: General (every organisation's, curated by provider admins) or the organisation's own. */
export const CatalogItem = z.object({
  uuid: Uuid,
  scope: CatalogScope,
  /** Null for a General item. */
  organizationUuid: Uuid.nullable(),
  label: z.string(),
  deviceType: DeviceType,
  operatingSystem: DeviceOs,
  manufacturer: z.string(),
  modelName: z.string(),
  imageUrl: z.string().nullable(),
  specifications: z.array(CatalogSpecification),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type CatalogItem = z.infer<typeof CatalogItem>;

export const CatalogSortingKey = z.enum(['label', 'manufacturer', 'price', 'rentPrice']);
export type CatalogSortingKey = z.infer<typeof CatalogSortingKey>;
const QueryCents = z.coerce.number().int().min(0).max(100_000_000).optional();
/**
 * The catalog list: General items and the organisation's own, searched by label, manufacturer, model
 * and specification; filtered by device type, operating system, scope and a price range (on the
 * one-time price, or the monthly rent with `purchaseType=rent`: an item matches when one of its
 * specifications does). `price` and `rentPrice` sort by the item's lowest one-time price or rent.
 */
export const CatalogListQuery = searchableListQuery({
  sortingKeys: CatalogSortingKey,
  maxTake: 200,
  defaultTake: 50,
}).extend({
  deviceTypes: queryArray(DeviceType),
  operatingSystems: queryArray(DeviceOs),
  scopes: queryArray(CatalogScope),
  purchaseType: OrderPurchaseType.optional(),
  minPriceCents: QueryCents,
  maxPriceCents: QueryCents,
});
export type CatalogListQuery = z.infer<typeof CatalogListQuery>;
export const CatalogPage = pageOf(CatalogItem);
export type CatalogPage = z.infer<typeof CatalogPage>;

export const CatalogSpecificationInput = z.object({
  chip: Spec(100).default(null),
  memory: Spec(100).default(null),
  storage: Spec(100).default(null),
  color: Spec(100).default(null),
  keyboardLanguage: Spec(100).default(null),
  screenSize: Spec(50).default(null),
  priceCents: Cents,
  rentPriceCents: Cents.nullable().default(null),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
});
export type CatalogSpecificationInput = z.infer<typeof CatalogSpecificationInput>;

const CatalogItemFields = {
  label: z.string().trim().min(1).max(200),
  deviceType: DeviceType,
  operatingSystem: DeviceOs,
  manufacturer: z.string().trim().min(1).max(100),
  modelName: z.string().trim().min(1).max(200),
  imageUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable(),
  specifications: z.array(CatalogSpecificationInput).min(1).max(50),
};
/**
 * A new catalog item. Organization scope: the organisation acted for (a body naming another is
 * refused); General scope: provider admins only (decision 031).
 */
export const CreateCatalogItemRequest = z.object({
  scope: CatalogScope,
  organizationUuid: Uuid.optional(),
  ...CatalogItemFields,
  imageUrl: CatalogItemFields.imageUrl.default(null),
});
export type CreateCatalogItemRequest = z.infer<typeof CreateCatalogItemRequest>;
/** Changes to an item (its scope stays); `specifications`, when given, replaces them all. */
export const UpdateCatalogItemRequest = z.object(CatalogItemFields).partial();
export type UpdateCatalogItemRequest = z.infer<typeof UpdateCatalogItemRequest>;

// Delivery addresses (issue 31, item 2): postal codes checked per country.

/** Postal code formats of the countries Equip checks (others: any 1–20 characters). */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, RegExp>> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  FR: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  US: /^\d{5}(-\d{4})?$/,
};

export const DELIVERY_ADDRESS_MESSAGES = {
  country: 'Country must be an ISO 3166-1 alpha-2 code',
  postalCode: 'Postal code does not match the format of the country',
} as const;

/** What is wrong with an address beyond its shape: the country's code and its postal code format. */
export function deliveryAddressProblems(
  address: Pick<DeliveryAddress, 'country' | 'postalCode'>,
): { field: 'country' | 'postalCode'; message: string }[] {
  const country = address.country.trim().toUpperCase();
  if (!COUNTRY_CODES.includes(country))
    return [{ field: 'country', message: DELIVERY_ADDRESS_MESSAGES.country }];
  const format = POSTAL_CODE_FORMATS[country];
  if (format && !format.test(address.postalCode.trim()))
    return [{ field: 'postalCode', message: DELIVERY_ADDRESS_MESSAGES.postalCode }];
  return [];
}

// Drafts and checkouts (issue 31, item 3).

/**
 * A new draft: an IT owner's for their organisation; a provider admin's names the organisation it is
 * for, which must be the one they act for (decision 004).
 */
export const ProcurementDraftRequest = ProcurementDraft.extend({
  organizationUuid: Uuid.optional(),
  /** Bought once or rented monthly (the order wizard's choice); the order it becomes keeps it. */
  purchaseType: OrderPurchaseType.default('one-time-purchase'),
});
export type ProcurementDraftRequest = z.infer<typeof ProcurementDraftRequest>;

export const ProcurementDraftRecord = z.object({
  uuid: Uuid,
  organizationUuid: Uuid,
  procurementIntent: ProcurementIntent,
  buyerUserUuid: Uuid,
  recipientUserUuid: Uuid.nullable(),
  purchaseType: OrderPurchaseType,
  deliveryAddress: DeliveryAddress,
  items: z.array(DraftItem),
  createdAt: IsoDateTime,
});
export type ProcurementDraftRecord = z.infer<typeof ProcurementDraftRecord>;

export const CheckoutRecord = z.object({
  uuid: Uuid,
  organizationUuid: Uuid,
  draftUuid: Uuid,
  procurementProviderKind: ProcurementProviderKind,
  status: CheckoutStatus,
  revokeReason: z.string().nullable(),
  revokedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type CheckoutRecord = z.infer<typeof CheckoutRecord>;
/** A checkout as the order wizard watches it after finishing: with the order it made once accepted. */
export const CheckoutView = CheckoutRecord.extend({ orderUuid: Uuid.nullable() });
export type CheckoutView = z.infer<typeof CheckoutView>;

// Inbound webhooks of a procurement provider (decision 031): Standard Webhooks signed, our envelope.

/** A provider reports a checkout's new status, by its reference. */
const CheckoutWebhook = z.object({
  type: z.literal('checkout.updated'),
  data: z.object({ checkoutReference: z.string().trim().min(1).max(200), status: CheckoutStatus }),
});
/**
 * A provider reports an order's change by its reference: our status, or the provider's own (topi-style,
 * mapped through the status table), and/or a shipment event.
 */
const OrderWebhook = z.object({
  type: z.literal('order.updated'),
  data: z
    .object({
      orderReference: z.string().trim().min(1).max(200),
      status: OrderStatus.optional(),
      topiStatus: TopiOrderStatus.optional(),
      shipmentState: ShipmentState.optional(),
    })
    .refine((d) => d.status !== undefined || d.topiStatus !== undefined || d.shipmentState !== undefined, {
      message: 'A status, a topiStatus or a shipmentState is required',
    }),
});
export const ProcurementWebhookEvent = z.discriminatedUnion('type', [CheckoutWebhook, OrderWebhook]);
export type ProcurementWebhookEvent = z.infer<typeof ProcurementWebhookEvent>;

export const ProcurementProviderParams = z.object({ provider: ProcurementProviderKind });
/** A provider's new webhook secret, shown once (the provider signs with it). */
export const ProcurementWebhookSecret = z.object({ provider: ProcurementProviderKind, secret: z.string() });
export const ProcurementWebhookReceipt = z.object({ received: z.literal(true), applied: z.boolean() });

// Orders (issue 31: the API of the orders screen, item 5 of the issue).

export const OrderPerson = z.object({ uuid: Uuid, firstName: z.string(), lastName: z.string() });
/** An order as the orders list shows it: its status, recipient, items, total and purchase type. */
export const OrderSummary = z.object({
  uuid: Uuid,
  status: OrderStatus,
  purchaseType: OrderPurchaseType,
  deliveryStatus: OrderDeliveryStatus.nullable(),
  recipient: OrderPerson.nullable(),
  itemCount: z.number().int(),
  /** The one-time total, or the monthly rent of a rented order, from the catalog's prices (minor unit). */
  totalCents: z.number().int(),
  /** The parcel's latest shipment state, once it has one. */
  shipmentState: ShipmentState.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type OrderSummary = z.infer<typeof OrderSummary>;
export const OrderSortingKey = z.enum(['createdAt', 'status']);
export type OrderSortingKey = z.infer<typeof OrderSortingKey>;
/** The orders list: filters by status, purchase type and recipient; search by recipient and item. */
export const OrderListQuery = searchableListQuery({
  sortingKeys: OrderSortingKey,
  maxTake: 200,
  defaultTake: 50,
}).extend({
  statuses: queryArray(OrderStatus),
  purchaseTypes: queryArray(OrderPurchaseType),
  recipientUserUuids: queryArray(Uuid),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const OrderPage = pageOf(OrderSummary);
export type OrderPage = z.infer<typeof OrderPage>;

/**
 * The organisation's spending per calendar month (UTC) of the last twelve, split by purchase type: the
 * one-time totals of bought orders and the monthly rent of rented ones placed that month. Cancelled and
 * rejected orders do not count.
 */
export const OrderMonthTotals = z.object({
  months: z.array(
    z.object({
      /** `2026-11`. */
      month: z.string().regex(/^\d{4}-\d{2}$/),
      purchaseCents: z.number().int(),
      purchaseOrders: z.number().int(),
      rentCents: z.number().int(),
      rentOrders: z.number().int(),
    }),
  ),
});
export type OrderMonthTotals = z.infer<typeof OrderMonthTotals>;

export const OrderItemRecord = z.object({
  uuid: Uuid,
  label: z.string(),
  quantity: z.number().int(),
  specificationUuid: Uuid.nullable(),
});
/** One step of an order's tracking: a status it reached and/or its parcel's new shipment state. */
export const OrderTrackingEvent = z.object({
  at: IsoDateTime,
  status: OrderStatus.nullable(),
  shipmentState: ShipmentState.nullable(),
});
export type OrderTrackingEvent = z.infer<typeof OrderTrackingEvent>;

/** One order with its items, address and parcel (the order screen's summary). */
export const OrderDetail = OrderSummary.extend({
  items: z.array(OrderItemRecord),
  /** Every status and shipment event, oldest first (the tracking timeline). */
  tracking: z.array(OrderTrackingEvent),
  deliveryAddress: DeliveryAddress.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
