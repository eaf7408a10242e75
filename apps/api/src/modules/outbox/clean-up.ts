import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, smsOutbox } from '../../db/schema/index.ts';

/** Sent mail and texts are kept this long (the provider admins' outbox page), then deleted. */
export const OUTBOX_RETENTION_DAYS = 30;

/** Deletes sent messages older than the retention; unsent mail stays until it is sent. */
export async function cleanUpOutbox(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
  const mails = await db
    .delete(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.createdAt, before)))
    .returning({ uuid: mailOutbox.uuid });
  const texts = await db
    .delete(smsOutbox)
    .where(and(isNotNull(smsOutbox.sentAt), lt(smsOutbox.createdAt, before)))
    .returning({ uuid: smsOutbox.uuid });
  return mails.length + texts.length;
}
