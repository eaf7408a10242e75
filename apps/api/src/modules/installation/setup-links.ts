import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { setupLinks } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../auth/index.ts';

/** How long a printed set-up link works (a restart prints a new one while the installation is empty). */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A new set-up link's token (only its hash is kept) and when it expires. */
export async function issueSetupLink(db: Db, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
  await db.insert(setupLinks).values({ tokenHash: sha256(token), expiresAt });
  return { token, expiresAt };
}

const live = (token: string, now: Date) =>
  and(eq(setupLinks.tokenHash, sha256(token)), isNull(setupLinks.usedAt), gt(setupLinks.expiresAt, now));

/** When the link expires, while it is unused and unexpired; null otherwise. */
export async function liveSetupLink(db: Db, token: string, now: Date): Promise<{ expiresAt: Date } | null> {
  const [link] = await db
    .select({ expiresAt: setupLinks.expiresAt })
    .from(setupLinks)
    .where(live(token, now));
  return link ?? null;
}

/** Spends the link in `tx` (once: a concurrent use finds it spent); false when it does not work. */
export async function spendSetupLink(tx: Db, token: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(setupLinks)
    .set({ usedAt: now })
    .where(live(token, now))
    .returning({ uuid: setupLinks.uuid });
  return spent.length === 1;
}
