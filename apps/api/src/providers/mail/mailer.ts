import { catalogLocale } from '@equip/domain/locale';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { sentRecord } from './layout-texts.ts';
import { type MailMessage, recipientDomain } from './message.ts';
import { renderMail } from './render.ts';

export type { MailBody, MailMessage } from './message.ts';

export interface SendMailOptions {
  /**
   * Record (and queue) the mail in this transaction: it goes out only if the transaction commits. On
   * PGlite a caller inside a transaction must pass it (the system handle would wait for it).
   */
  db?: Db;
}

/** Outgoing mail. Every message is recorded in the outbox; with SMTP configured a job sends it. */
export interface Mailer {
  send(message: MailMessage, options?: SendMailOptions): Promise<void>;
}

/** The outbox row of a message: its metadata, and both parts rendered from its template. */
async function outboxRow(message: MailMessage) {
  const { html, text } = await renderMail(message.locale, message.body);
  return {
    toAddress: message.to,
    subject: message.subject,
    kind: message.kind,
    locale: message.locale,
    text,
    html,
  };
}

/** Keeps mail in the outbox table only (no SMTP configured): the mail page shows it. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage, options: SendMailOptions = {}): Promise<void> {
    const row = await outboxRow(message);
    await (options.db ?? this.db).insert(mailOutbox).values(row);
  }
}

/** Puts a `mail.send` job for an outbox row on the queue, in the given transaction. */
export interface MailQueue {
  enqueue(tx: Db, outboxUuid: string): Promise<void>;
  /** Wakes this process's mail workers once the row and job have committed. */
  kick(): void;
}

/**
 * With SMTP configured: the mail is written to the outbox (unsent) and a job is queued in the same
 * transaction; the job sends it (`SmtpDelivery`) and retries with backoff while the server is down. A
 * request never waits for the SMTP server and a mail is never lost with it.
 */
export class QueuedMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly queue: MailQueue,
  ) {}

  async send(message: MailMessage, options: SendMailOptions = {}): Promise<void> {
    const values = await outboxRow(message);
    const record = async (tx: Db) => {
      const [row] = await tx.insert(mailOutbox).values(values).returning({ uuid: mailOutbox.uuid });
      if (row) await this.queue.enqueue(tx, row.uuid);
    };
    if (options.db) {
      // The caller's transaction commits later; the worker's next poll finds the job.
      await record(options.db);
      return;
    }
    await this.db.transaction(record);
    this.queue.kick();
  }
}

/**
 * Where a delivery stands in its job's retries: the tries before this one, and the queue's policy
 * (pg-boss waits between `retryDelaySeconds · 2^n` and twice that before try n + 2).
 */
export interface DeliveryTry {
  triesBefore: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/** What a failed send is logged with (never the whole address: the domain tells a server's trouble). */
export interface MailLog {
  warn(details: object, message: string): void;
}

/** When the next try of a failed one starts, or null after the last one. */
export function nextAttempt(attempt: DeliveryTry, failedAt: Date): { after: Date; before: Date } | null {
  if (attempt.triesBefore >= attempt.retryLimit) return null;
  const seconds = attempt.retryDelaySeconds * 2 ** Math.min(16, attempt.triesBefore);
  return {
    after: new Date(failedAt.getTime() + seconds * 1000),
    before: new Date(failedAt.getTime() + 2 * seconds * 1000),
  };
}

/** Addresses in a text (an SMTP server's answer often quotes the recipient's) reduced to their domain. */
const withoutLocalParts = (text: string) => text.replace(/[^\s<>"'(),;:@]+@(?=[^\s<>"'(),;:@]+)/g, '…@');

/**
 * The error of a failed send as the log gets it: its kind and the server's answer, without the stack
 * or nodemailer's fields that list the full address (`rejected`, `envelope`).
 */
function smtpError(error: unknown) {
  if (!(error instanceof Error)) return { message: withoutLocalParts(String(error)) };
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  return { type: error.name, message: withoutLocalParts(error.message), code, responseCode };
}

/** The `mail.send` job: sends one outbox row over SMTP, once. */
export class SmtpDelivery {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    const options: SMTPTransport.Options = {
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    };
    this.transport = nodemailer.createTransport(options);
  }

  /**
   * Sends the row unless it was sent already (a job that runs twice), then marks it sent and replaces
   * its text and HTML, in that one statement, with a record of the mail (which mail, to whom, when):
   * a copy of the database holds no live link or code of a sent mail. The Message-ID is the row's
   * uuid, so a receiver can also drop the duplicate of a send whose worker died between the server's
   * answer and the mark. A failure is logged at warn with when the job tries again, and thrown.
   */
  async deliver(outboxUuid: string, attempt: DeliveryTry): Promise<void> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.uuid, outboxUuid));
    if (!mail || mail.sentAt) return;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: `<${mail.uuid}@equip.mail>`,
      });
    } catch (error) {
      this.logFailure(mail, attempt, error);
      throw error;
    }
    const sentAt = new Date();
    const locale = catalogLocale(mail.locale);
    const record = await renderMail(locale, sentRecord({ ...mail, to: mail.toAddress, sentAt }, locale));
    await this.db
      .update(mailOutbox)
      .set({ sentAt, text: record.text, html: record.html })
      .where(eq(mailOutbox.uuid, outboxUuid));
  }

  private logFailure(
    mail: { uuid: string; toAddress: string; kind: string | null },
    attempt: DeliveryTry,
    error: unknown,
  ) {
    const domain = recipientDomain(mail.toAddress);
    const reason = smtpError(error);
    const next = nextAttempt(attempt, new Date());
    const when = next
      ? `next attempt between ${next.after.toISOString()} and ${next.before.toISOString()}`
      : 'that was the last attempt: the mail stays unsent (the dead letters of mail.send)';
    const tries = `try ${attempt.triesBefore + 1} of ${attempt.retryLimit + 1}`;
    this.log.warn(
      {
        outboxUuid: mail.uuid,
        kind: mail.kind,
        recipientDomain: domain,
        // Not `err`: pino's error serializer would add a stack, which says nothing the answer does not.
        error: reason,
        nextAttemptAfter: next?.after.toISOString() ?? null,
        nextAttemptBefore: next?.before.toISOString() ?? null,
      },
      `Mail to a recipient at ${domain} not sent (${reason.message}); ${tries}, ${when}`,
    );
  }

  close(): void {
    this.transport.close();
  }
}
