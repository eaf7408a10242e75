import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing mail. Every message is recorded in the outbox; with SMTP configured it is also sent. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Keeps mail in the outbox table only (no SMTP configured): the mail page shows it. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject: message.subject, text: message.text, html: message.html });
  }
}

/** Sends over SMTP (nodemailer) and records what was sent. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
    await this.db.insert(mailOutbox).values({
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sentAt: new Date(),
    });
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(db: Db, smtpUrl: string | undefined, from: string): Mailer {
  return smtpUrl ? new SmtpMailer(db, smtpUrl, from) : new OutboxMailer(db);
}
