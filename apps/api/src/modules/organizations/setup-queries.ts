import type { OrganizationSetup } from '@equip/domain/identity';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The organisation's setup progress (SPEC §3 "Organization setup"), or null. */
export async function setupOf(tx: Db, organizationUuid: string): Promise<OrganizationSetup | null> {
  const [org] = await tx
    .select({
      startedAt: organizations.setupStartedAt,
      windowsRegistrationSkipped: organizations.windowsRegistrationSkipped,
      macRegistrationSkipped: organizations.macRegistrationSkipped,
      iosRegistrationSkipped: organizations.iosRegistrationSkipped,
      testDeviceRegistrationStartedAt: organizations.testDeviceRegistrationStartedAt,
      setupCompletedAt: organizations.setupCompletedAt,
    })
    .from(organizations)
    .where(eq(organizations.uuid, organizationUuid));
  if (!org) return null;
  return {
    ...org,
    startedAt: iso(org.startedAt),
    testDeviceRegistrationStartedAt: iso(org.testDeviceRegistrationStartedAt),
    setupCompletedAt: iso(org.setupCompletedAt),
  };
}

export interface SetupChange {
  windowsRegistrationSkipped?: boolean | undefined;
  macRegistrationSkipped?: boolean | undefined;
  iosRegistrationSkipped?: boolean | undefined;
  /** true: now, unless already started; false: cleared. */
  testDeviceRegistrationStarted?: boolean | undefined;
}

/** Applies a change; the setup counts as started from the first one. */
export async function updateSetup(tx: Db, organizationUuid: string, change: SetupChange): Promise<void> {
  const { testDeviceRegistrationStarted, ...flags } = change;
  await tx
    .update(organizations)
    .set({
      ...Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)),
      ...(testDeviceRegistrationStarted === undefined
        ? {}
        : {
            testDeviceRegistrationStartedAt: testDeviceRegistrationStarted
              ? sql`coalesce(${organizations.testDeviceRegistrationStartedAt}, now())`
              : null,
          }),
      setupStartedAt: sql`coalesce(${organizations.setupStartedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(organizations.uuid, organizationUuid));
}
