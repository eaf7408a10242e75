import type { OrganizationOnboardingStep } from '@equip/domain/identity';
import { DEFAULT_TIME_ZONE } from '@equip/domain/locale';
import type { OrganizationProfile, Weekday } from '@equip/domain/organizations';
import { inWeekOrder } from '@equip/domain/weekdays';
import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, PROVIDER_ORGANIZATION_UUID } from '../../db/schema/index.ts';

/** Every organisation a provider admin can act for (not the provider's own), by name. */
export function allOrganizations(db: Db) {
  return db
    .select({ uuid: organizations.uuid, name: organizations.name })
    .from(organizations)
    .where(ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID))
    .orderBy(organizations.name);
}

export async function ssoSettingsOf(tx: Db, organizationUuid: string) {
  const [org] = await tx
    .select({
      provider: organizations.ssoProvider,
      issuer: organizations.ssoIssuer,
      clientId: organizations.ssoClientId,
      hasClientSecret: sql<boolean>`${or(isNotNull(organizations.ssoClientSecretEncrypted), isNotNull(organizations.ssoClientSecret))}`,
    })
    .from(organizations)
    .where(eq(organizations.uuid, organizationUuid));
  return org ?? null;
}

export async function updateSsoSettings(
  tx: Db,
  organizationUuid: string,
  settings: { provider: string; issuer: string; clientId: string; sealedClientSecret?: string | undefined },
) {
  await tx
    .update(organizations)
    .set({
      ssoProvider: settings.provider as typeof organizations.$inferInsert.ssoProvider,
      ssoIssuer: settings.issuer,
      ssoClientId: settings.clientId,
      // Only the sealed secret is stored (decision 034); a plain one left from before goes.
      ...(settings.sealedClientSecret
        ? { ssoClientSecretEncrypted: settings.sealedClientSecret, ssoClientSecret: null }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(organizations.uuid, organizationUuid));
}

/** The organisation's name (mails name it), or null. */
export async function organizationName(tx: Db, organizationUuid: string): Promise<string | null> {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.uuid, organizationUuid));
  return org?.name ?? null;
}

export async function generalSettingsOf(tx: Db, organizationUuid: string) {
  const [org] = await tx
    .select({ name: organizations.name, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.uuid, organizationUuid));
  return org ?? null;
}

export async function updateGeneralSettings(
  tx: Db,
  organizationUuid: string,
  settings: { name?: string | undefined; timeZone?: string | undefined },
) {
  await tx
    .update(organizations)
    .set({
      ...(settings.name !== undefined ? { name: settings.name } : {}),
      ...(settings.timeZone !== undefined ? { timeZone: settings.timeZone } : {}),
      updatedAt: new Date(),
    })
    .where(eq(organizations.uuid, organizationUuid));
}

/**
 * The organisation's setup moves on from its createBundle step once it has a bundle (SPEC §2: the
 * steps registerDevices, createBundle, finished; issue 29): the bundles module calls this when a bundle
 * is created. An organisation at another step stays where it is.
 */
export async function finishCreateBundleStep(tx: Db, organizationUuid: string): Promise<void> {
  await tx
    .update(organizations)
    .set({ onboardingStep: 'finished', updatedAt: new Date() })
    .where(and(eq(organizations.uuid, organizationUuid), eq(organizations.onboardingStep, 'createBundle')));
}

/**
 * Every active organisation with its time zone (the scheduler's view: dated jobs run in the
 * organisation's zone). A deactivated one gets no dated work, such as reminders to its people
 * (decision 019).
 */
/** The organisation's time zone (dates of its exports, reminders), the default when it is not found. */
export async function organizationTimeZone(tx: Db, organizationUuid: string): Promise<string> {
  const [org] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.uuid, organizationUuid));
  return org?.timeZone ?? DEFAULT_TIME_ZONE;
}

export function organizationTimeZones(db: Db) {
  return db
    .select({ uuid: organizations.uuid, timeZone: organizations.timeZone })
    .from(organizations)
    .where(and(ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID), isNull(organizations.deactivatedAt)));
}

/** A new organisation with its profile, at the first of its setup steps. */
export async function insertOrganization(
  tx: Db,
  profile: OrganizationProfile,
  onboardingStep: OrganizationOnboardingStep = 'registerDevices',
) {
  const [org] = await tx
    .insert(organizations)
    .values({
      name: profile.name,
      country: profile.country,
      timeZone: profile.timeZone,
      workingDays: inWeekOrder(profile.workingDays as Weekday[]),
      onboardingStep,
    })
    .returning({
      uuid: organizations.uuid,
      name: organizations.name,
      onboardingStep: organizations.onboardingStep,
    });
  return org!;
}

/**
 * An organisation a provider admin manages (never the provider's own), or null: its name and whether
 * it is deactivated. `forUpdate` locks the row until the transaction ends.
 */
export async function managedOrganization(tx: Db, organizationUuid: string, forUpdate = false) {
  const query = tx
    .select({
      uuid: organizations.uuid,
      name: organizations.name,
      deactivatedAt: organizations.deactivatedAt,
    })
    .from(organizations)
    .where(and(eq(organizations.uuid, organizationUuid), ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID)));
  const [org] = forUpdate ? await query.for('update') : await query;
  return org ?? null;
}

/** Sets (or clears, with null) when the organisation was deactivated. */
export async function setOrganizationDeactivated(tx: Db, organizationUuid: string, at: Date | null) {
  await tx
    .update(organizations)
    .set({ deactivatedAt: at, updatedAt: new Date() })
    .where(eq(organizations.uuid, organizationUuid));
}

/** Whether any organisation but the provider's exists (an installation without one needs setting up). */
export async function anyOrganization(db: Db): Promise<boolean> {
  const [org] = await db
    .select({ uuid: organizations.uuid })
    .from(organizations)
    .where(ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID))
    .limit(1);
  return org !== undefined;
}

/**
 * Locks the provider organisation's row until the transaction ends: whatever sets up the installation
 * takes it first, so two set-ups cannot both find it empty.
 */
export async function lockInstallation(tx: Db): Promise<void> {
  await tx
    .select({ uuid: organizations.uuid })
    .from(organizations)
    .where(eq(organizations.uuid, PROVIDER_ORGANIZATION_UUID))
    .for('update');
}
