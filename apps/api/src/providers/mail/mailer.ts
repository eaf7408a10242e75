import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

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

/** Keeps mail in the outbox table only (no SMTP configured): the mail page shows it. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage, options: SendMailOptions = {}): Promise<void> {
    await (options.db ?? this.db)
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject: message.subject, text: message.text, html: message.html });
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
    const record = async (tx: Db) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ toAddress: message.to, subject: message.subject, text: message.text, html: message.html })
        .returning({ uuid: mailOutbox.uuid });
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

/** The `mail.send` job: sends one outbox row over SMTP, once. */
export class SmtpDelivery {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
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
   * Sends the row unless it was sent already (a job that runs twice), then marks it sent. The
   * Message-ID is the row's uuid, so a receiver can also drop the duplicate of a send whose worker died
   * between the server's answer and the mark.
   */
  async deliver(outboxUuid: string): Promise<void> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.uuid, outboxUuid));
    if (!mail || mail.sentAt) return;
    await this.transport.sendMail({
      from: this.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      messageId: `<${mail.uuid}@equip.mail>`,
    });
    await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.uuid, outboxUuid));
  }

  close(): void {
    this.transport.close();
  }
}
