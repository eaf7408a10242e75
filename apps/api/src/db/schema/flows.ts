import { FlowOrigin } from '@equip/domain/flows';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { offboardingStatusEnum } from './enums.ts';
import { organizations, users } from './identity.ts';

/**
 * A flow's draft state and origin (migration 0054, decision 038): `draft` until a person submits it (the
 * HR sync and SCIM write drafts); where it came from, and the HR provider's kind for the HR sync's.
 */
const draftColumns = () => ({
  draft: boolean('draft').notNull().default(false),
  origin: text('origin', { enum: FlowOrigin.options as [FlowOrigin, ...FlowOrigin[]] })
    .notNull()
    .default('manual'),
  originProvider: text('origin_provider'),
});

export const onboardings = pgTable(
  'onboardings',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    /** The submission as sent (SPEC §3 onboarding), kept whole for the timeline. */
    submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
    ...draftColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('onboardings_org_start_idx').on(t.organizationUuid, t.startDate),
    index('onboardings_user_idx').on(t.userUuid),
    // One draft per person: the HR sync and SCIM write it once and update it (decision 038).
    uniqueIndex('onboardings_draft_user_idx').on(t.userUuid).where(sql`draft`),
  ],
);

export const offboardings = pgTable(
  'offboardings',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    lastDayOfWork: date('last_day_of_work', { mode: 'string' }).notNull(),
    offboardingTime: text('offboarding_time').notNull(),
    status: offboardingStatusEnum('status').notNull().default('started'),
    submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
    ...draftColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offboardings_org_last_idx').on(t.organizationUuid, t.lastDayOfWork),
    index('offboardings_user_idx').on(t.userUuid),
    uniqueIndex('offboardings_draft_user_idx').on(t.userUuid).where(sql`draft`),
  ],
);
