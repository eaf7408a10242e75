import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid } from './columns.ts';
import { devices } from './devices.ts';
import { organizations } from './identity.ts';

/**
 * The companion agent's credential for one device (decision 013): the token is shown once and only its
 * SHA-256 is kept. The row also carries the check-ins' idempotency mark (the last report's id and
 * collection time) and the per-device rate-limit window, so that a check-in is one statement here.
 */
export const deviceAgents = pgTable(
  'device_agents',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    deviceUuid: uuid('device_uuid')
      .notNull()
      .references(() => devices.uuid, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastReportId: uuid('last_report_id'),
    lastCollectedAt: nullableTimestamp('last_collected_at'),
    windowStart: nullableTimestamp('window_start'),
    windowCount: integer('window_count').notNull().default(0),
    revokedAt: nullableTimestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('device_agents_token_hash_idx').on(t.tokenHash),
    index('device_agents_device_idx').on(t.deviceUuid),
    index('device_agents_org_idx').on(t.organizationUuid),
  ],
);
