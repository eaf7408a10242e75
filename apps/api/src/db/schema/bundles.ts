import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import { defaultManagementModeEnum, managementTypeEnum, offboardingTypeEnum } from './enums.ts';
import { organizations, users } from './identity.ts';

/** The application catalog is shared by every organisation (provider-curated, read-only to tenants). */
export const applications = pgTable(
  'applications',
  {
    uuid: primaryUuid(),
    name: text('name').notNull(),
    platforms: text('platforms').array().notNull(),
    subscriptionsSupportedByEquip: boolean('subscriptions_supported_by_equip').notNull().default(false),
    subscriptionsSupportedByOwners: boolean('subscriptions_supported_by_owners').notNull().default(false),
    macApplicationId: text('mac_application_id'),
    windowsApplicationId: text('windows_application_id'),
    iosApplicationId: text('ios_application_id'),
    macAppStoreId: text('mac_app_store_id'),
    ipadApplicationId: text('ipad_application_id'),
    iconUrl: text('icon_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('applications_name_unique').on(t.name)],
);

export const bundles = pgTable(
  'bundles',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bundles_org_name_unique').on(t.organizationUuid, t.name)],
);

export const bundleApplications = pgTable(
  'bundle_applications',
  {
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    bundleUuid: uuid('bundle_uuid')
      .notNull()
      .references(() => bundles.uuid, { onDelete: 'cascade' }),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => applications.uuid, { onDelete: 'cascade' }),
    management: managementTypeEnum('management').notNull(),
    offboardingType: offboardingTypeEnum('offboarding_type'),
    onboardingShouldCreateAccount: boolean('onboarding_should_create_account').notNull().default(false),
    owners: uuid('owners').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.bundleUuid, t.applicationUuid] })],
);

/** A person has at most one bundle. */
export const bundleEmployees = pgTable(
  'bundle_employees',
  {
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    bundleUuid: uuid('bundle_uuid')
      .notNull()
      .references(() => bundles.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleUuid, t.userUuid] }),
    uniqueIndex('bundle_employees_user_unique').on(t.userUuid),
    index('bundle_employees_org_idx').on(t.organizationUuid),
  ],
);

/**
 * The organisation's bundle settings (decision 028): the default management mode new applications in
 * its bundles take. No row means `equip`.
 */
export const bundleSettings = pgTable('bundle_settings', {
  organizationUuid: organizationUuid()
    .primaryKey()
    .references(() => organizations.uuid, { onDelete: 'cascade' }),
  defaultManagementMode: defaultManagementModeEnum('default_management_mode').notNull().default('equip'),
  updatedAt: updatedAt(),
});
