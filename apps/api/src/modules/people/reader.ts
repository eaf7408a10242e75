import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { organizationTimeZone } from '../organizations/index.ts';

/**
 * What a file written for a person needs of them (the exports): their chosen language (null when none,
 * or when they are not a person of the tenant, as a provider admin acting for it) and the time zone of
 * the organisation they act for.
 */
export async function readerSettings(
  tx: Db,
  auth: { userUuid: string; organizationUuid: string },
): Promise<{ locale: string | null; timeZone: string }> {
  const [person] = await tx.select({ locale: users.locale }).from(users).where(eq(users.uuid, auth.userUuid));
  return { locale: person?.locale ?? null, timeZone: await organizationTimeZone(tx, auth.organizationUuid) };
}
