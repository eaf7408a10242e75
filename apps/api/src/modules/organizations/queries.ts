import { eq, ne } from 'drizzle-orm';
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
      clientSecret: organizations.ssoClientSecret,
    })
    .from(organizations)
    .where(eq(organizations.uuid, organizationUuid));
  return org ?? null;
}

export async function updateSsoSettings(
  tx: Db,
  organizationUuid: string,
  settings: { provider: string; issuer: string; clientId: string; clientSecret?: string | undefined },
) {
  await tx
    .update(organizations)
    .set({
      ssoProvider: settings.provider as typeof organizations.$inferInsert.ssoProvider,
      ssoIssuer: settings.issuer,
      ssoClientId: settings.clientId,
      ...(settings.clientSecret ? { ssoClientSecret: settings.clientSecret } : {}),
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

/** Every organisation with its time zone (the scheduler's view: dated jobs run in the organisation's zone). */
export function organizationTimeZones(db: Db) {
  return db
    .select({ uuid: organizations.uuid, timeZone: organizations.timeZone })
    .from(organizations)
    .where(ne(organizations.uuid, PROVIDER_ORGANIZATION_UUID));
}
