import type { Weekday } from '@equip/domain/weekdays';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { collated } from '../collation.ts';
import { createdAt, nullableTimestamp, organizationUuid, primaryUuid, updatedAt } from './columns.ts';
import {
  employeeStatusEnum,
  localeEnum,
  mfaMethodEnum,
  onboardingStepEnum,
  roleEnum,
  userSourceEnum,
  userTypeEnum,
  workspaceProviderEnum,
} from './enums.ts';

/**
 * The provider organisation: home of the provider admins (role equip-admin) and of nobody else (a CHECK
 * on users, migration 0014). No tenant transaction is ever bound to it (db/tenancy.ts), so no
 * organisation can reach its people.
 */
export const PROVIDER_ORGANIZATION_UUID = '00000000-0000-4000-8000-000000000000';

/** The tenant. Not organisation-scoped itself: requests read their own row by uuid. */
export const organizations = pgTable('organizations', {
  uuid: primaryUuid(),
  name: text('name').notNull(),
  icon: text('icon'),
  onboardingStep: onboardingStepEnum('onboarding_step').notNull().default('registerDevices'),
  /** Dates and times are shown, and dated jobs run, in this IANA zone. */
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  setupStartedAt: nullableTimestamp('setup_started_at'),
  windowsRegistrationSkipped: boolean('windows_registration_skipped').notNull().default(false),
  macRegistrationSkipped: boolean('mac_registration_skipped').notNull().default(false),
  iosRegistrationSkipped: boolean('ios_registration_skipped').notNull().default(false),
  testDeviceRegistrationStartedAt: nullableTimestamp('test_device_registration_started_at'),
  setupCompletedAt: nullableTimestamp('setup_completed_at'),
  /** OpenID Connect single sign-on, configured per organisation. */
  ssoProvider: workspaceProviderEnum('sso_provider'),
  ssoIssuer: text('sso_issuer'),
  ssoClientId: text('sso_client_id'),
  /**
   * Plain text before decision 034; sealed into `sso_client_secret_encrypted` at start-up and emptied.
   * Nothing writes it any more.
   */
  ssoClientSecret: text('sso_client_secret'),
  /** The OIDC client secret, sealed (security/sealed-secrets, purpose `equip sso client secrets`). */
  ssoClientSecretEncrypted: text('sso_client_secret_encrypted'),
  /** ISO 3166-1 alpha-2 code; null for organisations made before organisations had a country. */
  country: text('country'),
  /** The days its people work, in week order (`monday` … `sunday`; a CHECK keeps them to those). */
  workingDays: text('working_days')
    .array()
    .$type<Weekday[]>()
    .notNull()
    .default(sql`'{monday,tuesday,wednesday,thursday,friday}'::text[]`),
  /**
   * Set by a provider admin: the organisation's people cannot sign in and their sessions have ended
   * (decision 019). Its data stays; a provider admin can reactivate it.
   */
  deactivatedAt: nullableTimestamp('deactivated_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One-time links that set up an installation without organisations or provider admins (`npm start`
 * prints one). Only the hash of the token is kept; a link works once and until it expires, and none
 * works once the installation has an organisation or a provider admin.
 */
export const setupLinks = pgTable(
  'setup_links',
  {
    uuid: primaryUuid(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: nullableTimestamp('expires_at').notNull(),
    usedAt: nullableTimestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('setup_links_hash_unique').on(t.tokenHash)],
);

/**
 * People of an organisation. An employee and a login account are the same row: a person with a
 * password hash (or SSO) can sign in. An email identifies one account in the whole installation
 * (`email_key`: case-insensitive, after Unicode NFKC normalisation; migration 0029).
 */
export const users = pgTable(
  'users',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    department: text('department'),
    position: text('position'),
    startDate: date('start_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    employeeStatus: employeeStatusEnum('employee_status').notNull().default('ACTIVE'),
    userType: userTypeEnum('user_type').notNull().default('regularUser'),
    role: roleEnum('role').notNull().default('regular'),
    source: userSourceEnum('source').notNull().default('equip'),
    license: text('license'),
    /** The HR system's id of the person, `<provider>:<id>`, once an HR sync linked them (decision 032). */
    hrExternalId: text('hr_external_id'),
    /** When each field was last edited by a person in Equip (field → ISO instant): the HR sync's conflicts. */
    manuallyEditedAt: jsonb('manually_edited_at').$type<Record<string, string>>().notNull().default({}),
    /** Kept by triggers on devices (see the devices-assigned migration) so the table can sort on it. */
    devicesAssigned: integer('devices_assigned').notNull().default(0),
    passwordHash: text('password_hash'),
    emailVerifiedAt: nullableTimestamp('email_verified_at'),
    invitedAt: nullableTimestamp('invited_at'),
    preferredMfaMethod: mfaMethodEnum('preferred_mfa_method'),
    /** The language the person chose (null: the browser's); mail goes out in it. */
    locale: localeEnum('locale'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: nullableTimestamp('totp_enabled_at'),
    /** A secret being enrolled; the active one (totpSecret) stays in force until this one is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted, so a code cannot be replayed. */
    totpLastTimeStep: integer('totp_last_time_step'),
    deletedAt: nullableTimestamp('deleted_at'),
    /**
     * The email as the installation compares it: NFKC-normalised and lower-cased by the database, so
     * that every lookup and the unique index agree (compare with `sameEmail` of db/emails.ts).
     */
    emailKey: text('email_key').generatedAlwaysAs((): SQL => sql`lower(normalize(${users.email}, NFKC))`),
    /**
     * Set by migration 0029 on accounts that shared an email before emails were unique across
     * organisations: they sign in by email no more until a provider admin gives one another email
     * (`npm run admin -- email-conflicts`). Cleared when the email changes.
     */
    emailConflict: boolean('email_conflict').notNull().default(false),
    /** What the employees table's text search matches: name and email, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per email among people who are not deleted (a removed person's email can be used
    // again), whatever their organisation; the emails shared before this rule are left out until mended.
    uniqueIndex('users_email_key_unique')
      .on(t.emailKey)
      .where(sql`${t.deletedAt} is null and not ${t.emailConflict}`),
    index('users_email_key_idx').on(t.emailKey),
    // Which organisations' people use an email domain (single sign-on routes unknown emails by it).
    index('users_email_domain_idx')
      .on(sql`split_part(${t.emailKey}, '@', 2)`, t.organizationUuid)
      .where(sql`${t.deletedAt} is null`),
    // The employees table walks one of these per sort key and stops after a page (LIMIT), instead of
    // sorting the whole organisation. They cover people who are not deleted, as every list does.
    // Names sort by the Unicode root collation (collation.ts): Ågren among the A names, case aside.
    index('users_org_name_icu_idx')
      .on(t.organizationUuid, collated(t.lastName), collated(t.firstName), t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_email_idx')
      .on(t.organizationUuid, sql`lower(${t.email})`, t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_status_icu_idx')
      .on(t.organizationUuid, t.employeeStatus, collated(t.lastName), collated(t.firstName), t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_source_icu_idx')
      .on(t.organizationUuid, t.source, collated(t.lastName), collated(t.firstName), t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_devices_idx')
      .on(t.organizationUuid, t.devicesAssigned, t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_department_icu_idx')
      .on(t.organizationUuid, collated(t.department), t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_start_idx')
      .on(t.organizationUuid, t.startDate, t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_last_idx').on(t.organizationUuid, t.lastDate, t.uuid).where(sql`${t.deletedAt} is null`),
    // Newest first: a descending date sort puts the empty dates last, which the ones above cannot give.
    index('users_org_start_desc_idx')
      .on(t.organizationUuid, t.startDate.desc().nullsLast(), t.uuid.desc().nullsLast())
      .where(sql`${t.deletedAt} is null`),
    index('users_org_last_desc_idx')
      .on(t.organizationUuid, t.lastDate.desc().nullsLast(), t.uuid.desc().nullsLast())
      .where(sql`${t.deletedAt} is null`),
    // The onboarding and offboarding views: one status, by start or last date.
    index('users_org_status_start_idx')
      .on(t.organizationUuid, t.employeeStatus, t.startDate, t.uuid)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_status_last_idx')
      .on(t.organizationUuid, t.employeeStatus, t.lastDate, t.uuid)
      .where(sql`${t.deletedAt} is null`),
    // Narrow, for counting a filtered table with an index-only scan.
    index('users_org_filters_idx')
      .on(t.organizationUuid, t.employeeStatus, t.userType, t.source)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_org_hr_external_unique')
      .on(t.organizationUuid, t.hrExternalId)
      .where(sql`${t.hrExternalId} is not null and ${t.deletedAt} is null`),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Refresh tokens: opaque, stored hashed, rotated on use; a reused one revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    uuid: primaryUuid(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    familyUuid: uuid('family_uuid').notNull(),
    tokenHash: text('token_hash').notNull(),
    actingOrganizationUuid: uuid('acting_organization_uuid'),
    expiresAt: nullableTimestamp('expires_at').notNull(),
    rotatedAt: nullableTimestamp('rotated_at'),
    revokedAt: nullableTimestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyUuid),
  ],
);

/** One-time tokens of every purpose (MFA challenge, email/SMS code, invitation, reset, verification). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    uuid: primaryUuid(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For MFA challenges: the hashed numeric code sent by mail or SMS. */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>(),
    expiresAt: nullableTimestamp('expires_at').notNull(),
    usedAt: nullableTimestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userUuid, t.purpose),
  ],
);

/**
 * A single sign-on round trip in flight: which organisation's identity provider it went to, the PKCE
 * verifier, nonce and where to land. The account is decided at the callback, from the email the
 * provider vouches for, among that organisation's people only (an email the provider vouches for may
 * have no account: the start answers alike for every email, see SsoService.start).
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    uuid: primaryUuid(),
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    loginHint: text('login_hint').notNull(),
    redirect: text('redirect').notNull(),
    expiresAt: nullableTimestamp('expires_at').notNull(),
    usedAt: nullableTimestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_states_hash_unique').on(t.stateHash)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    uuid: primaryUuid(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: nullableTimestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userUuid)],
);

/** Failed-attempt counters for rate limits that must hold across instances (per account and per IP). */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').notNull(),
    windowStart: nullableTimestamp('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('auth_attempts_key_window').on(t.key, t.windowStart)],
);

/**
 * How many people (not deleted) an organisation has per status, type, source and bundle membership.
 * Kept by statement-level triggers on users and bundle_employees (migration 0006), so the employees
 * table can answer its total for any filter without counting tens of thousands of rows.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    organizationUuid: organizationUuid().references(() => organizations.uuid, { onDelete: 'cascade' }),
    employeeStatus: employeeStatusEnum('employee_status').notNull(),
    userType: userTypeEnum('user_type').notNull(),
    source: userSourceEnum('source').notNull(),
    hasBundle: boolean('has_bundle').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationUuid, t.employeeStatus, t.userType, t.source, t.hasBundle] })],
);
