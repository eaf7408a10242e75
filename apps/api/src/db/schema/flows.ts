import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { offboardingStatusEnum } from './enums.ts';
import { organizations, users } from './identity.ts';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('onboardings_org_start_idx').on(t.organizationUuid, t.startDate),
    index('onboardings_user_idx').on(t.userUuid),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offboardings_org_last_idx').on(t.organizationUuid, t.lastDayOfWork),
    index('offboardings_user_idx').on(t.userUuid),
  ],
);
