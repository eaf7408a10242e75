import type { DeliveryAddress } from '@equip/domain/procurement';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  catalogScopeEnum,
  checkoutStatusEnum,
  deliveryStatusEnum,
  deviceOsEnum,
  deviceTypeEnum,
  orderStatusEnum,
  procurementIntentEnum,
  purchaseTypeEnum,
  shipmentStateEnum,
} from './enums.ts';
import { organizations, users } from './identity.ts';

/** The provider's general hardware catalog, shared by every organisation. */
export const catalogItems = pgTable('catalog_items', {
  uuid: primaryUuid(),
  scope: catalogScopeEnum('scope').notNull().default('General'),
  label: text('label').notNull(),
  deviceType: deviceTypeEnum('device_type').notNull(),
  operatingSystem: deviceOsEnum('operating_system').notNull(),
  manufacturer: text('manufacturer').notNull(),
  modelName: text('model_name').notNull(),
  imageUrl: text('image_url'),
  createdAt: createdAt(),
});

export const catalogItemSpecifications = pgTable(
  'catalog_item_specifications',
  {
    uuid: primaryUuid(),
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
    priceCents: integer('price_cents').notNull(),
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
    providerKind: text('provider_kind').notNull().default('TopiComspot'),
    status: checkoutStatusEnum('status').notNull().default('created'),
    revokeReason: text('revoke_reason'),
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
