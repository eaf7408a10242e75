import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  assignmentTypeEnum,
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
    securityProvider: securityProviderEnum('security_provider'),
    isEncrypted: boolean('is_encrypted').notNull().default(false),
    isProtected: boolean('is_protected').notNull().default(false),
    lastSeenAt: nullableTimestamp('last_seen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('devices_org_name_idx').on(t.organizationUuid, t.name),
    index('devices_org_status_idx').on(t.organizationUuid, t.status),
    index('devices_assigned_to_idx').on(t.assignedToUuid),
    index('devices_org_serial_idx').on(t.organizationUuid, t.serialNumber),
    index('devices_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || coalesce(${t.serialNumber}, '') || ' ' || coalesce(${t.model}, ''))) gin_trgm_ops`,
    ),
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
    completedAt: nullableTimestamp('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('enrollments_org_user_idx').on(t.organizationUuid, t.userUuid)],
);
