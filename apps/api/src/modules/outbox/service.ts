import type { OutboxMessage } from '@equip/domain/organizations';
import type { Db } from '../../db/client.ts';
import { latestMails, latestTexts } from './queries.ts';

/** One-time codes (4 or more digits in a row) in a subject line, masked. */
export const maskCodes = (subject: string) =>
  subject.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));

/**
 * The installation's sent and held mail and text messages, newest first, for provider admins. Bodies
 * carry live sign-in, invitation and reset links and codes of every organisation: they are shown only in
 * demo mode; otherwise only metadata, with codes in subjects masked.
 */
export async function outboxMessages(db: Db, take: number, showBodies: boolean): Promise<OutboxMessage[]> {
  const [mails, texts] = [await latestMails(db, take), await latestTexts(db, take)];
  const items: OutboxMessage[] = [
    ...mails.map((m) => ({
      uuid: m.uuid,
      kind: 'mail' as const,
      to: m.to,
      subject: showBodies ? m.subject : maskCodes(m.subject),
      text: showBodies ? m.text : null,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    ...texts.map((s) => ({
      uuid: s.uuid,
      kind: 'sms' as const,
      to: s.to,
      subject: null,
      text: showBodies ? s.text : null,
      createdAt: s.createdAt.toISOString(),
      sentAt: s.sentAt?.toISOString() ?? null,
    })),
  ];
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return items.slice(0, take);
}

/** What the outbox's service is built with (services.ts): the system handle, and whether bodies show (demo mode). */
export interface OutboxDeps {
  db: Db;
  showBodies: boolean;
}

/** The outbox provider admins read; it spans organisations (it is the installation's), so the system handle reads it. */
export function createOutboxService({ db, showBodies }: OutboxDeps) {
  return {
    messages: (take: number) => outboxMessages(db, take, showBodies),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
