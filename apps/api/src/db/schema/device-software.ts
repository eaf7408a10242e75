import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { collated } from '../collation.ts';
import { applications } from './bundles.ts';
import { nullableTimestamp, organizationUuid, primaryUuid } from './columns.ts';
import { devices } from './devices.ts';
import { softwareSourceEnum } from './enums.ts';
import { organizations } from './identity.ts';

/**
 * A device's installed software (decision 026): one row per application a source (the agent, the
 * device's MDM) last reported, replaced whole per device and source on each report (migration 0038).
 * `application_uuid` is the catalog entry it matched when it was written (bundle id, package id or
 * name; modules/bundles `catalogMatch`). A device's list walks one of the indexes and stops after a page.
 */
export const deviceSoftware = pgTable(
  'device_software',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    deviceUuid: uuid('device_uuid')
      .notNull()
      .references(() => devices.uuid, { onDelete: 'cascade' }),
    source: softwareSourceEnum('source').notNull(),
    name: text('name').notNull(),
    version: text('version'),
    bundleId: text('bundle_id'),
    packageId: text('package_id'),
    path: text('path'),
    applicationUuid: uuid('application_uuid').references(() => applications.uuid, { onDelete: 'set null' }),
    /** The report that last listed it (every row of one report has the same instant). */
    lastSeenAt: nullableTimestamp('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('device_software_device_name_idx').on(t.deviceUuid, collated(t.name), t.uuid),
    index('device_software_device_source_idx').on(t.deviceUuid, collated(t.source), collated(t.name), t.uuid),
    index('device_software_device_seen_idx').on(t.deviceUuid, t.lastSeenAt, collated(t.name), t.uuid),
    index('device_software_application_idx').on(t.applicationUuid),
  ],
);
