import { FEATURE_FLAGS, type FlagValues } from '@equip/domain/flags';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';

/** Current flag values from the flag table (name → value). */
export async function readFlagValues(db: Db): Promise<FlagValues> {
  const rows = await db.select({ name: featureFlags.name, value: featureFlags.value }).from(featureFlags);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** Makes sure every flag of SPEC §9 has a row; existing values are never overwritten. */
export async function ensureFeatureFlags(db: Db, defaultValue: 'on' | 'off'): Promise<void> {
  await db
    .insert(featureFlags)
    .values(FEATURE_FLAGS.map((name) => ({ name, value: defaultValue })))
    .onConflictDoNothing();
}
