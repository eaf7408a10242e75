import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens, refreshTokens, ssoStates } from '../../db/schema/index.ts';

/** Expired tokens are kept a day longer (what a support look at a failed sign-in may need), then deleted. */
const GRACE_MS = 86_400_000;

/**
 * Deletes one-time and refresh tokens and single sign-on round trips that expired more than a day ago (the `maintenance.clean-up`
 * job). An expired token is refused anyway; reuse detection only concerns live families.
 */
export async function cleanUpExpiredTokens(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GRACE_MS);
  const oneTime = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, before))
    .returning({ uuid: oneTimeTokens.uuid });
  const refresh = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, before))
    .returning({ uuid: refreshTokens.uuid });
  const sso = await db
    .delete(ssoStates)
    .where(lt(ssoStates.expiresAt, before))
    .returning({ uuid: ssoStates.uuid });
  return oneTime.length + refresh.length + sso.length;
}
