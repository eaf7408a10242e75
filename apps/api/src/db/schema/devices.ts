import { EnrollmentFailureReason } from '@equip/domain/enrollment';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { collated } from '../collation.ts';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  assignmentTypeEnum,
  deviceMdmStatusEnum,
  deviceOsEnum,
  deviceStatusEnum,
  deviceTypeEnum,
  enrollmentFlowEnum,
  enrollmentStateEnum,
  mdmProviderEnum,
  securityProviderEnum,
} from './enums.ts';
import { organizations, users } from './identity.ts';

export const devices = pgTable(
  'devices',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serialNumber: text('serial_number'),
    type: deviceTypeEnum('type').notNull(),
    os: deviceOsEnum('os').notNull(),
    osVersion: text('os_version'),
    model: text('model'),
    manufacturer: text('manufacturer'),
    specification: jsonb('specification').$type<Record<string, string>>(),
    status: deviceStatusEnum('status').notNull().default('new'),
    assignmentType: assignmentTypeEnum('assignment_type').notNull().default('UNASSIGNED'),
    assignedToUuid: uuid('assigned_to_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    location: text('location'),
    enrollmentState: enrollmentStateEnum('enrollment_state').notNull().default('READY_TO_ENROLL'),
    mdmProvider: mdmProviderEnum('mdm_provider'),
    /** What the device last reported through its MDM (locked, unlocked, wiped); null before any report. */
    mdmStatus: deviceMdmStatusEnum('mdm_status'),
    securityProvider: securityProviderEnum('security_provider'),
    isEncrypted: boolean('is_encrypted').notNull().default(false),
    isProtected: boolean('is_protected').notNull().default(false),
    lastSeenAt: nullableTimestamp('last_seen_at'),
    /** The MDM's own id of the device's record (Fleet's host id, …), written by the inventory sync (0037). */
    mdmDeviceId: text('mdm_device_id'),
    /** When an inventory sync of the device's MDM last listed it (migration 0037, decision 025). */
    mdmSyncedAt: nullableTimestamp('mdm_synced_at'),
    /** Since when the device's MDM no longer lists it; null while it does (never deleted for it). */
    mdmMissingSince: nullableTimestamp('mdm_missing_since'),
    /**
     * The order item the device was ordered by (issue 31 item 6, migration 0051): made `ordered` when the
     * provider accepted the checkout, in stock (or awaiting registration, assigned) once delivered.
     */
    orderItemUuid: uuid('order_item_uuid'),
    /** That item's order (migration 0055): the device's page shows where the order stands. */
    orderUuid: uuid('order_uuid'),
    /**
     * The assignee's names, kept by triggers (migration 0020) from users whenever the assignment or the
     * person's name changes: the devices table shows, sorts and searches them without a join.
     */
    assigneeFirstName: text('assignee_first_name'),
    assigneeLastName: text('assignee_last_name'),
    /** What the devices table's text search matches: name, serial, model and assignee, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${devices.name} || ' ' || coalesce(${devices.serialNumber}, '') || ' ' || coalesce(${devices.model}, '') || ' ' || coalesce(${devices.assigneeFirstName}, '') || ' ' || coalesce(${devices.assigneeLastName}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The devices table walks one of these per sort key (DeviceSortingKey) and stops after a page.
    // Text sorts by the Unicode root collation (collation.ts); every order ends with the uuid.
    index('devices_org_name_icu_idx').on(t.organizationUuid, collated(t.name), t.uuid),
    index('devices_org_type_idx').on(t.organizationUuid, collated(t.type), collated(t.name), t.uuid),
    index('devices_org_os_idx').on(t.organizationUuid, collated(t.os), collated(t.name), t.uuid),
    index('devices_org_status_icu_idx').on(t.organizationUuid, collated(t.status), collated(t.name), t.uuid),
    index('devices_org_assignee_idx').on(
      t.organizationUuid,
      collated(t.assigneeLastName),
      collated(t.assigneeFirstName),
      collated(t.name),
      t.uuid,
    ),
    index('devices_org_location_idx').on(t.organizationUuid, collated(t.location), collated(t.name), t.uuid),
    index('devices_org_security_idx').on(
      t.organizationUuid,
      t.isEncrypted,
      t.isProtected,
      collated(t.name),
      t.uuid,
    ),
    index('devices_org_enrollment_idx').on(
      t.organizationUuid,
      collated(t.enrollmentState),
      collated(t.name),
      t.uuid,
    ),
    index('devices_org_last_seen_idx').on(t.organizationUuid, t.lastSeenAt, collated(t.name), t.uuid),
    index('devices_assigned_to_idx').on(t.assignedToUuid),
    index('devices_org_serial_idx').on(t.organizationUuid, t.serialNumber),
    // The end of an inventory sync: the provider's devices it did not list, not yet marked (0037).
    index('devices_org_mdm_synced_idx')
      .on(t.organizationUuid, t.mdmProvider, t.mdmSyncedAt)
      .where(sql`${t.mdmMissingSince} is null`),
    index('devices_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many devices each organisation has per combination of the list's filters, kept by statement
 * triggers on devices (migration 0020): the devices table's total without a search is a sum over a few
 * rows here, whatever the organisation's size.
 */
export const deviceCounts = pgTable(
  'device_counts',
  {
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    type: deviceTypeEnum('type').notNull(),
    assignmentType: assignmentTypeEnum('assignment_type').notNull(),
    status: deviceStatusEnum('status').notNull(),
    isEncrypted: boolean('is_encrypted').notNull(),
    isProtected: boolean('is_protected').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.organizationUuid, t.type, t.assignmentType, t.status, t.isEncrypted, t.isProtected],
    }),
  ],
);

/** Device enrolment sessions (unified enrolment at /start and the companion agent). */
export const enrollments = pgTable(
  'enrollments',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    deviceUuid: uuid('device_uuid').references(() => devices.uuid, { onDelete: 'set null' }),
    email: text('email').notNull(),
    flow: enrollmentFlowEnum('flow').notNull(),
    tokenHash: text('token_hash'),
    tokenExpiresAt: nullableTimestamp('token_expires_at'),
    /** The enrolment session's bearer token (hashed) and expiry (migration 0024, decision 013). */
    sessionHash: text('session_hash'),
    sessionExpiresAt: nullableTimestamp('session_expires_at'),
    failureReason: text('failure_reason', {
      enum: EnrollmentFailureReason.options as [EnrollmentFailureReason, ...EnrollmentFailureReason[]],
    }),
    completedAt: nullableTimestamp('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('enrollments_org_user_idx').on(t.organizationUuid, t.userUuid)],
);
