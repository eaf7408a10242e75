import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, oneTimeTokens } from '../../db/schema/index.ts';
import {
  type Mailer,
  type MailMessage,
  OutboxMailer,
  type SendMailOptions,
} from '../../providers/mail/mailer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createOrganization, createUser } from '../../test/factories.ts';

/** Records mail like the outbox does, in the caller's transaction, or refuses it while `failing`. */
class SwitchableMailer implements Mailer {
  failing = false;
  constructor(private readonly inner: () => Mailer) {}
  async send(message: MailMessage, options?: SendMailOptions): Promise<void> {
    if (this.failing) throw new Error('the mail could not be recorded');
    await this.inner().send(message, options);
  }
}

describe('a token and the mail that carries it', () => {
  let t: TestApp;
  let mailer: SwitchableMailer;
  beforeAll(async () => {
    mailer = new SwitchableMailer(() => new OutboxMailer(t.services.database.db));
    t = await createTestApp({ mailer });
  });
  afterAll(() => t.app.close());

  const liveTokens = (userUuid: string) =>
    t.services.database.db
      .select({ uuid: oneTimeTokens.uuid })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userUuid, userUuid), isNull(oneTimeTokens.usedAt)));
  const mailsTo = (email: string) =>
    t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  it('are written together: a mail that cannot be recorded leaves no token behind', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db);
    const person = await createUser(db, {
      organizationUuid: org.uuid,
      email: `mailed-${org.uuid}@tokens.test`,
    });
    const invite = () =>
      t.services.auth.passwords.mailInvitation(person, { inviterName: null, organizationName: org.name });

    mailer.failing = true;
    await expect(invite()).rejects.toThrow('the mail could not be recorded');
    expect(await liveTokens(person.uuid)).toEqual([]);

    mailer.failing = false;
    const link = await invite();
    expect(await liveTokens(person.uuid)).toHaveLength(1);
    const [mail] = await mailsTo(person.email);
    expect(mail?.text).toContain(link);
  });
});
