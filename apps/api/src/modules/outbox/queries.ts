import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, smsOutbox } from '../../db/schema/index.ts';

export function latestMails(db: Db, take: number) {
  return db
    .select({
      uuid: mailOutbox.uuid,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(take);
}

export function latestTexts(db: Db, take: number) {
  return db
    .select({
      uuid: smsOutbox.uuid,
      to: smsOutbox.toNumber,
      text: smsOutbox.text,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(take);
}
