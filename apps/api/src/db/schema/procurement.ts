import {
  type DeliveryAddress,
  type OrderTrackingEvent,
  ProcurementProviderKind,
} from '@equip/domain/procurement';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  catalogScopeEnum,
  checkoutStatusEnum,
  deliveryStatusEnum,
  deviceOsEnum,
  deviceTypeEnum,
  hardwareRequestStatusEnum,
  orderStatusEnum,
  procurementIntentEnum,
  purchaseTypeEnum,
  shipmentStateEnum,
} from './enums.ts';
import { organizations, users } from './identity.ts';

/** The procurement provider's kind, limited to the domain's kinds like the other enumerations. */
const providerKindEnum = (name: string) =>
  text(name, { enum: ProcurementProviderKind.options as [string, ...string[]] });

/**
 * The hardware catalog (decision 031): General rows (no organisation, curated by provider admins) are
 * every organisation's to read; Organization rows carry their organisation and are only its own. The
 * check `catalog_items_scope_organization_check` ties the scope to the column; row-level security lets
 * a tenant read General and its own rows and write only its own (db/tenancy.ts, SHARED_ROW_TABLES).
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    uuid: primaryUuid(),
    organizationUuid: uuid('organization_uuid').references(() => organizations.uuid, { onDelete: 'cascade' }),
    scope: catalogScopeEnum('scope').notNull().default('General'),
    label: text('label').notNull(),
    deviceType: deviceTypeEnum('device_type').notNull(),
    operatingSystem: deviceOsEnum('operating_system').notNull(),
    manufacturer: text('manufacturer').notNull(),
    modelName: text('model_name').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('catalog_items_org_idx').on(t.organizationUuid, t.label)],
);

export const catalogItemSpecifications = pgTable(
  'catalog_item_specifications',
  {
    uuid: primaryUuid(),
    /** Its item's organisation (null for a General item), held equal to it by a trigger (migration 0044). */
    organizationUuid: uuid('organization_uuid').references(() => organizations.uuid, { onDelete: 'cascade' }),
    catalogItemUuid: uuid('catalog_item_uuid')
      .notNull()
      .references(() => catalogItems.uuid, { onDelete: 'cascade' }),
    screenSize: text('screen_size'),
    chip: text('chip'),
    memory: text('memory'),
    storage: text('storage'),
    color: text('color'),
    keyboardLanguage: text('keyboard_language'),
    purchaseType: purchaseTypeEnum('purchase_type').notNull().default('one-time-purchase'),
    /** The one-time price. */
    priceCents: integer('price_cents').notNull(),
    /** The monthly rent; null where the model cannot be rented. */
    rentPriceCents: integer('rent_price_cents'),
    currency: text('currency').notNull().default('EUR'),
  },
  (t) => [index('catalog_item_specifications_item_idx').on(t.catalogItemUuid)],
);

export const procurementDrafts = pgTable(
  'procurement_drafts',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    procurementIntent: procurementIntentEnum('procurement_intent').notNull(),
    buyerUserUuid: uuid('buyer_user_uuid')
      .notNull()
      .references(() => users.uuid),
    recipientUserUuid: uuid('recipient_user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    /** What the order it becomes is (migration 0051). */
    purchaseType: purchaseTypeEnum('purchase_type').notNull().default('one-time-purchase'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>().notNull(),
    items: jsonb('items').$type<{ quantity: number; procurementItemSpecificationUuid: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('procurement_drafts_org_idx').on(t.organizationUuid, t.createdAt)],
);

export const checkouts = pgTable(
  'checkouts',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    draftUuid: uuid('draft_uuid')
      .notNull()
      .references(() => procurementDrafts.uuid, { onDelete: 'cascade' }),
    providerKind: providerKindEnum('provider_kind').notNull().default('TopiComspot'),
    status: checkoutStatusEnum('status').notNull().default('created'),
    /** The provider's id of the checkout, once it has one. */
    providerReference: text('provider_reference'),
    /** Why it was revoked (voided): required then (checkouts_revoke_reason_check). */
    revokeReason: text('revoke_reason'),
    revokedAt: nullableTimestamp('revoked_at'),
    revokedByUserUuid: uuid('revoked_by_user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checkouts_org_idx').on(t.organizationUuid)],
);

export const orders = pgTable(
  'orders',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    checkoutUuid: uuid('checkout_uuid').references(() => checkouts.uuid, { onDelete: 'set null' }),
    status: orderStatusEnum('status').notNull().default('created'),
    purchaseType: purchaseTypeEnum('purchase_type').notNull().default('one-time-purchase'),
    deliveryStatus: deliveryStatusEnum('delivery_status'),
    buyerUserUuid: uuid('buyer_user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    recipientUserUuid: uuid('recipient_user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    /** The provider's id of the order. */
    providerReference: text('provider_reference'),
    /** Every status and shipment event, oldest first (the tracking timeline; migration 0051). */
    tracking: jsonb('tracking').$type<OrderTrackingEvent[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_org_created_idx').on(t.organizationUuid, t.createdAt),
    index('orders_org_status_idx').on(t.organizationUuid, t.status),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    orderUuid: uuid('order_uuid')
      .notNull()
      .references(() => orders.uuid, { onDelete: 'cascade' }),
    specificationUuid: uuid('specification_uuid').references(() => catalogItemSpecifications.uuid, {
      onDelete: 'set null',
    }),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderUuid)],
);

export const shipments = pgTable(
  'shipments',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    orderUuid: uuid('order_uuid')
      .notNull()
      .references(() => orders.uuid, { onDelete: 'cascade' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    state: shipmentStateEnum('state').notNull().default('data_order_created'),
    stateChangedAt: nullableTimestamp('state_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderUuid)],
);

/**
 * A procurement provider's settings (decision 031): the secret its inbound webhooks are signed with
 * (Standard Webhooks), sealed (security/sealed-secrets). One row per provider kind, for the whole
 * installation: the provider knows the installation as its merchant, not each organisation.
 */
export const procurementProviders = pgTable('procurement_providers', {
  kind: providerKindEnum('kind').primaryKey(),
  webhookSecretEncrypted: text('webhook_secret_encrypted').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The ids of the inbound webhook messages already taken (Standard Webhooks' webhook-id), so a replayed
 * message is refused. Before an organisation is known, so not organisation-scoped; rows older than the
 * timestamp tolerance could go (a replay that old is refused by its timestamp).
 */
export const procurementWebhookMessages = pgTable(
  'procurement_webhook_messages',
  {
    providerKind: providerKindEnum('provider_kind').notNull(),
    messageId: text('message_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerKind, t.messageId] })],
);

/**
 * A person's request for a device (issue 31 item 4, decision 037): what (a device type, optionally a
 * catalog specification) and why; an IT owner approves it (the procurement draft it became) or declines
 * it with a reason; the requester may withdraw it while it waits. Organisation-scoped (row-level
 * security at start-up, as every table with an organisation).
 */
export const hardwareRequests = pgTable(
  'hardware_requests',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    requesterUserUuid: uuid('requester_user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    deviceType: deviceTypeEnum('device_type').notNull(),
    specificationUuid: uuid('specification_uuid').references(() => catalogItemSpecifications.uuid, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull(),
    status: hardwareRequestStatusEnum('status').notNull().default('requested'),
    /** Why it was declined (hardware_requests_decision_reason_check: required then). */
    decisionReason: text('decision_reason'),
    decidedByUserUuid: uuid('decided_by_user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    decidedAt: nullableTimestamp('decided_at'),
    /** The procurement draft the approval made. */
    draftUuid: uuid('draft_uuid').references(() => procurementDrafts.uuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('hardware_requests_org_created_idx').on(t.organizationUuid, t.createdAt),
    index('hardware_requests_requester_idx').on(t.requesterUserUuid, t.createdAt),
  ],
);
