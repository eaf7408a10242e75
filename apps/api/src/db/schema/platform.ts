import type { NotificationParamValue } from '@equip/domain/notification-rules';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid } from './columns.ts';
import { eventTypeEnum, notificationKindEnum, severityEnum } from './enums.ts';
import { organizations, users } from './identity.ts';

export const notifications = pgTable(
  'notifications',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    severity: severityEnum('severity').notNull().default('info'),
    /**
     * What it says (notification-rules.ts): the web writes title, body and link from kind and params in
     * the reader's language; no text is stored (migration 0034).
     */
    kind: notificationKindEnum('kind').notNull(),
    params: jsonb('params').$type<Record<string, NotificationParamValue>>().notNull().default({}),
    readAt: nullableTimestamp('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_org_user_idx').on(t.organizationUuid, t.userUuid, t.createdAt, t.uuid),
    index('notifications_unread_idx').on(t.organizationUuid, t.userUuid).where(sql`${t.readAt} is null`),
  ],
);

/** Every change an administrator makes: who, when, what, before and after. */
export const eventLog = pgTable(
  'event_log',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    type: eventTypeEnum('type').notNull(),
    actorUuid: uuid('actor_uuid'),
    subjectUuid: uuid('subject_uuid'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit log reads newest first, by organisation, optionally by type or actor (migration 0022).
    index('event_log_org_created_idx').on(t.organizationUuid, t.createdAt, t.uuid),
    index('event_log_org_type_created_idx').on(t.organizationUuid, t.type, t.createdAt, t.uuid),
    index('event_log_org_actor_created_idx').on(t.organizationUuid, t.actorUuid, t.createdAt, t.uuid),
    index('event_log_subject_idx').on(t.subjectUuid),
  ],
);

/** Flag values served to the experimentation client (global; an organisation may override later). */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  value: text('value').notNull().default('off'),
  description: text('description'),
  updatedAt: nullableTimestamp('updated_at').notNull().defaultNow(),
});

/** Analytics events received on the same-origin proxy, kept and forwarded upstream when configured. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpoint: text('endpoint').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
    forwardedAt: nullableTimestamp('forwarded_at'),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt)],
);

/** Mail that was sent, or that waits in the outbox when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    uuid: primaryUuid(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Which mail (`auth.invitation` …) and its language: metadata that stays once the body is a record. */
    kind: text('kind'),
    locale: text('locale'),
    /** Both parts until SMTP takes the mail; then a record of it without its links and codes. */
    text: text('text').notNull(),
    html: text('html'),
    sentAt: nullableTimestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Text messages (SMS codes). The sandbox provider only records them here; a real one also sends. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    uuid: primaryUuid(),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    sentAt: nullableTimestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);

/**
 * Jobs whose effect has happened, by idempotency key (the queue itself is pg-boss's, in the `pgboss`
 * schema; decision 009). A handler that runs twice finds its key here and does nothing the second time.
 */
export const jobReceipts = pgTable('job_receipts', {
  key: text('key').primaryKey(),
  queue: text('queue').notNull(),
  createdAt: createdAt(),
});

/**
 * Job workers saying they are alive (issue 26, item 7): each process that works the job queues
 * (EQUIP_ROLE all or worker) keeps its row's `beat_at` fresh and removes the row when it stops; /readyz
 * reads the newest. Not an organisation's data: no row-level security.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  role: text('role').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Key/value settings of the installation itself (e.g. the RSA key for password encryption). */
export const systemSettings = pgTable(
  'system_settings',
  { key: text('key').primaryKey(), value: jsonb('value').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('system_settings_key_unique').on(t.key)],
);
