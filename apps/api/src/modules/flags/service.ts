import { FEATURE_FLAGS, type FeatureFlagName, type FlagValues } from '@equip/domain/flags';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';
import { enumLiteral } from '../../lists/list-query.ts';

/** Current flag values from the flag table (name → value). */
export async function readFlagValues(db: Db): Promise<FlagValues> {
  const rows = await db.select({ name: featureFlags.name, value: featureFlags.value }).from(featureFlags);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/**
 * Whether a flag is on, as a condition for another module's statement: read where the statement runs
 * (one cached statement serves either value; a change shows on the next read). Tenants may read flags.
 */
export const flagIsOn = (name: FeatureFlagName): SQL =>
  sql`exists (select 1 from ${featureFlags} where ${featureFlags.name} = ${enumLiteral(name, FEATURE_FLAGS)} and ${featureFlags.value} = 'on')`;

/** Makes sure every flag of SPEC §9 has a row; existing values are never overwritten. */
export async function ensureFeatureFlags(db: Db, defaultValue: 'on' | 'off'): Promise<void> {
  await db
    .insert(featureFlags)
    .values(FEATURE_FLAGS.map((name) => ({ name, value: defaultValue })))
    .onConflictDoNothing();
}

/** What the flags' service is built with (services.ts): the system handle the flag table is read on. */
export interface FlagsDeps {
  db: Db;
}

/** The flags' current values (served with the page, by the experimentation proxy, and to the MDM actions). */
export function createFlagsService({ db }: FlagsDeps) {
  return {
    values: () => readFlagValues(db),
  };
}

export type FlagsService = ReturnType<typeof createFlagsService>;
