import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

/** Outgoing text messages (SMS one-time codes). */
export interface SmsSender {
  send(toNumber: string, text: string): Promise<void>;
}

/**
 * The local sandbox: records messages in the sms_outbox table, which the admin mail page shows.
 * A real provider (e.g. Twilio) implements the same interface and also records what it sent.
 */
export class SandboxSmsSender implements SmsSender {
  constructor(private readonly db: Db) {}

  async send(toNumber: string, text: string): Promise<void> {
    await this.db.insert(smsOutbox).values({ toNumber, text });
  }
}
