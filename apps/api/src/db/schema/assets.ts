import { type SQL, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { collated } from '../collation.ts';
import { createdAt, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { assetAssignmentEnum, assetInstanceStatusEnum, assetKindCodeEnum } from './enums.ts';
import { organizations, users } from './identity.ts';

type Property = { key: string; value: string };

export const assetKinds = pgTable(
  'asset_kinds',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The fixed kind it refines (decision 027). */
    baseKind: assetKindCodeEnum('base_kind').notNull().default('unknown'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('asset_kinds_org_name_unique').on(t.organizationUuid, t.name)],
);

/** A kind of peripheral the organisation keeps (e.g. "Dell U2723QE monitor"). */
export const assetDefinitions = pgTable(
  'asset_definitions',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The fixed kind (decision 027); with an organisation kind, that kind's base kind. */
    kind: assetKindCodeEnum('kind').notNull().default('unknown'),
    assetKindUuid: uuid('asset_kind_uuid').references(() => assetKinds.uuid, { onDelete: 'set null' }),
    modelNumber: text('model_number'),
    vendor: text('vendor'),
    properties: jsonb('properties').$type<Property[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('asset_definitions_org_name_idx').on(t.organizationUuid, t.name),
    index('asset_definitions_org_kind_idx').on(t.organizationUuid, t.kind),
  ],
);

/** One physical item of an asset definition, in stock or assigned to a person. */
export const assetInstances = pgTable(
  'asset_instances',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    assetDefinitionUuid: uuid('asset_definition_uuid')
      .notNull()
      .references(() => assetDefinitions.uuid, { onDelete: 'cascade' }),
    serialNumber: text('serial_number'),
    notes: text('notes'),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    status: assetInstanceStatusEnum('status').notNull().default('in-stock'),
    assignment: assetAssignmentEnum('assignment').notNull().default('unassigned'),
    properties: jsonb('properties').$type<Property[]>().notNull().default([]),
    // What the items list sorts and filters by, kept by triggers (migration 0047): the model's name and
    // kinds, and the person's names, so that a page is read along one index without a join.
    definitionName: text('definition_name').notNull().default(''),
    kind: assetKindCodeEnum('kind').notNull().default('unknown'),
    assetKindUuid: uuid('asset_kind_uuid'),
    assigneeFirstName: text('assignee_first_name'),
    assigneeLastName: text('assignee_last_name'),
    /** What a search matches of the item itself, lower-cased: serial number, notes, its person's names. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${assetInstances.serialNumber}, '') || ' ' || coalesce(${assetInstances.notes}, '') || ' ' || coalesce(${assetInstances.assigneeFirstName}, '') || ' ' || coalesce(${assetInstances.assigneeLastName}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('asset_instances_definition_idx').on(t.assetDefinitionUuid),
    index('asset_instances_user_idx').on(t.userUuid),
    index('asset_instances_org_idx').on(t.organizationUuid, t.status),
    index('asset_instances_org_definition_idx').on(t.organizationUuid, t.assetDefinitionUuid),
    index('asset_instances_org_name_idx').on(t.organizationUuid, collated(t.definitionName), t.uuid),
    index('asset_instances_org_kind_name_idx').on(
      t.organizationUuid,
      t.kind,
      collated(t.definitionName),
      t.uuid,
    ),
    index('asset_instances_org_status_name_idx').on(
      t.organizationUuid,
      collated(t.status),
      collated(t.definitionName),
      t.uuid,
    ),
    index('asset_instances_org_serial_idx').on(
      t.organizationUuid,
      collated(t.serialNumber),
      collated(t.definitionName),
      t.uuid,
    ),
    index('asset_instances_org_assignee_idx').on(
      t.organizationUuid,
      collated(t.assigneeLastName),
      collated(t.assigneeFirstName),
      collated(t.definitionName),
      t.uuid,
    ),
    index('asset_instances_org_created_idx').on(t.organizationUuid, t.createdAt, t.uuid),
  ],
);

/**
 * How many items each organisation has per model, status and assignment, kept by statement triggers on
 * asset_instances (migration 0047): the items list's total without a search is a sum over a few rows.
 */
export const assetCounts = pgTable(
  'asset_counts',
  {
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    assetDefinitionUuid: uuid('asset_definition_uuid')
      .notNull()
      .references(() => assetDefinitions.uuid, { onDelete: 'cascade' }),
    status: assetInstanceStatusEnum('status').notNull(),
    assignment: assetAssignmentEnum('assignment').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationUuid, t.assetDefinitionUuid, t.status, t.assignment] })],
);
