import { randomUUID } from 'node:crypto';
import { URL } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, mailOutbox, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';
import { type MailMessage, nextAttempt } from './mailer.ts';
import { renderMail } from './render.ts';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A mail of the test's own, in the shared layout. */
const testMail = (to: string, subject: string, text = 'A test mail.'): MailMessage => ({
  to,
  kind: 'test.mail',
  locale: 'en',
  subject,
  body: { preview: text, heading: subject, paragraphs: [text], reason: 'A test sent it.' },
});

/** One JSON line of the mail job's log (pino's, as LOG_FORMAT=json writes it). */
interface LogLine {
  level: number;
  time: number;
  msg: string;
  recipientDomain?: string;
  outboxUuid?: string;
  nextAttemptAfter?: string | null;
  nextAttemptBefore?: string | null;
  error?: { type?: string; message: string; code?: string; responseCode?: number };
}

describe('mail through the job queue', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let port: number;
  const refused = new Set<string>();
  const peer = (port?: number) => startSmtpPeer({ port, refuse: (address) => refused.has(address) });
  // The mail job's real logger, writing its JSON lines here.
  const logLines: LogLine[] = [];
  const log = pino(
    { level: 'warn' },
    { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) },
  );

  beforeAll(async () => {
    smtp = await peer();
    port = Number(new URL(smtp.url).port);
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, log });
    // React Email loads at the first mail (seconds on a busy machine): not within a test's time.
    await renderMail('en', testMail('warm-up@mail.test', 'Warm-up').body);
  });
  afterAll(async () => {
    await t.app.close();
    await smtp.close();
  });

  const mailJobs = async (uuids: string[]) => {
    const { rows } = await t.services.database.jobStore.executeSql(
      `select state, retry_count from pgboss.job where name = 'mail.send' and (data->>'outboxUuid') = any($1::text[])`,
      [uuids],
    );
    return rows as { state: string; retry_count: number }[];
  };

  it('keeps mail while the SMTP server is down and delivers every mail once when it is back', async () => {
    await smtp.close();
    const run = randomUUID().slice(0, 8);
    const to = `queued-${run}@mail.test`;
    const started = Date.now();
    for (let i = 0; i < 10; i++) await t.services.mailer.send(testMail(to, `Queued ${run} #${i}`));
    // Sending only writes the outbox row and its job: nobody waits for the SMTP server.
    expect(Date.now() - started).toBeLessThan(2000);

    const rows = await t.services.database.db
      .select({ uuid: mailOutbox.uuid, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to));
    expect(rows).toHaveLength(10);
    const uuids = rows.map((r) => r.uuid);
    // Every mail's job fails against the closed port and waits for its retry.
    await until(async () => {
      const jobs = await mailJobs(uuids);
      return jobs.length === 10 && jobs.every((j) => j.retry_count >= 1);
    });
    expect(rows.every((r) => r.sentAt === null)).toBe(true);
    // Each failed try left a warning naming the recipient's domain, the error and the next try.
    const warned = logLines.filter((line) => line.outboxUuid && uuids.includes(line.outboxUuid));
    expect(warned.length).toBeGreaterThanOrEqual(10);
    expect(warned.every((line) => line.level === 40 && line.recipientDomain === 'mail.test')).toBe(true);
    expect(warned[0]!.error!.message).toContain('ECONNREFUSED');
    expect(warned[0]!.msg).toMatch(
      /^Mail to a recipient at mail\.test not sent \(.*ECONNREFUSED.*\); try \d+ of 13, next attempt between /,
    );

    // The server comes back on the same port.
    smtp = await peer(port);
    await until(async () => smtp.received.filter((m) => m.to.includes(to)).length >= 10, 25_000);
    await until(async () => (await mailJobs(uuids)).every((j) => j.state === 'completed'));
    await new Promise((r) => setTimeout(r, 1500));
    const subjects = smtp.received.filter((m) => m.to.includes(to)).map((m) => m.subject);
    expect(subjects.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Queued ${run} #${i}`).sort());
    const sent = await t.services.database.db
      .select({ sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(inArray(mailOutbox.uuid, uuids));
    expect(sent.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('sends the daily registration reminders of an organisation once per local date', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, 'Reminders GmbH');
    const email = `remind-${randomUUID().slice(0, 8)}@mail.test`;
    const person = await createUser(db, { organizationUuid: org.uuid, role: 'regular', email });
    const other = await createUser(db, {
      organizationUuid: org.uuid,
      role: 'regular',
      email: `not-reminded-${randomUUID().slice(0, 8)}@mail.test`,
    });
    // An administrator reminded the person yesterday; the other was never reminded.
    await db.insert(eventLog).values({
      organizationUuid: org.uuid,
      type: 'DEVICE_REGISTRATION_REMINDER_SENT',
      actorUuid: null,
      subjectUuid: person.uuid,
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    const payload = { organizationUuid: org.uuid, localDate: '2026-11-23' };
    const id = await t.services.jobs.send('reminders.send', payload, { key: `${org.uuid}:2026-11-23` });
    expect(id).not.toBeNull();
    const mail = await smtp.waitFor(email, () => true, 10_000);
    expect(mail.subject).toBe('Please register your device with Equip');
    // The enrolment page's link is the button and the plain link below it; the text part has it alone.
    expect(mail.text).toMatch(/Register my device:\nhttps?:\/\/\S+\/start\n/);
    const link = /Register my device:\n(\S+)\n/.exec(mail.text)![1]!;
    expect(mail.html!.split(`href="${link}"`)).toHaveLength(3);
    // The same date again enqueues nothing.
    expect(
      await t.services.jobs.send('reminders.send', payload, { key: `${org.uuid}:2026-11-23` }),
    ).toBeNull();
    const events = await db
      .select()
      .from(eventLog)
      .where(inArray(eventLog.subjectUuid, [person.uuid, other.uuid]));
    expect(events).toHaveLength(2);
    expect(events.filter((e) => e.actorUuid === null && e.data.automatic === true)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(other.email.toLowerCase()))).toHaveLength(0);
  });

  /** The outbox row of the one mail to `to`, once the mail job has marked it sent. */
  const sentRow = async (to: string) => {
    const db = t.services.database.db;
    const sent = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0];
    await until(async () => Boolean((await sent())?.sentAt));
    return (await sent())!;
  };

  it('mails an invitation as HTML and text in the person’s language, and keeps no link of it once sent', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, 'Mailbau GmbH');
    const email = `einladung-${randomUUID().slice(0, 8)}@mail.test`;
    const person = await createUser(db, { organizationUuid: org.uuid, email });
    await db.update(users).set({ locale: 'de' }).where(eq(users.uuid, person.uuid));
    const link = await t.services.auth.passwords.mailInvitation(
      { ...person, locale: 'de' },
      { inviterName: 'Jana Jäger', organizationName: org.name },
    );
    const token = new URL(link).searchParams.get('invitationToken')!;

    // What the SMTP peer received: a subject, a text part and an HTML part, all in German.
    const mail = await smtp.waitFor(email, () => true, 10_000);
    expect(mail.subject).toBe('Jana Jäger hat Sie zu Mailbau GmbH bei Equip eingeladen');
    expect(mail.text).toContain('Jana Jäger hat Sie eingeladen, Mailbau GmbH bei Equip beizutreten.');
    expect(mail.text).toContain(`Passwort festlegen:\n${link}\n`);
    expect(mail.text).toContain(
      'Sie erhalten diese E-Mail, weil Mailbau GmbH diese Adresse bei Equip eingetragen hat.',
    );
    expect(mail.text).not.toMatch(/invited you|Set your password|You got this mail/);
    expect(mail.html).toMatch(/<html [^>]*lang="de"/);
    expect(mail.html).toContain('Jana Jäger hat Sie eingeladen, Mailbau GmbH bei Equip beizutreten.');
    // The button, and the plain link below it for clients that block buttons.
    expect(mail.html!.split(`href="${link}"`)).toHaveLength(3);
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse');

    // Once sent, the row keeps the metadata and a record of the mail, not its link.
    const row = await sentRow(email);
    expect(row).toMatchObject({ subject: mail.subject, kind: 'auth.invitation', locale: 'de' });
    for (const body of [row.text, row.html ?? '']) {
      expect(body).not.toContain(token);
      expect(body).not.toContain('set-password');
    }
    expect(row.text).toContain(`Diese E-Mail ging am ${row.sentAt!.toISOString().slice(0, 10)}`);
    expect(row.text).toContain(`an ${email}`);
    expect(row.text).toContain('E-Mail: auth.invitation · Sprache: Deutsch');
    expect(row.html).toMatch(/<html [^>]*lang="de"/);
  });

  it('mails a one-time code in the body only, and keeps no code once sent', async () => {
    const db = t.services.database.db;
    const org = await createOrganization(db, 'Codes GmbH');
    const email = `code-${randomUUID().slice(0, 8)}@mail.test`;
    await createUser(db, { organizationUuid: org.uuid, email });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/enrollment/code',
      payload: { email },
      remoteAddress: '10.26.6.1',
    });
    expect(asked.statusCode, asked.body).toBe(204);
    await t.services.deferred.drain();

    const mail = await smtp.waitFor(email, () => true, 10_000);
    expect(mail.subject).toBe('Your Equip device enrolment code');
    const code = /Here is your code to enrol your device:\n\n(\d{6})\n/.exec(mail.text)![1]!;
    expect(mail.html).toMatch(new RegExp(`>${code}</p>`));
    expect(mail.html).toMatch(/<html [^>]*lang="en"/);

    const row = await sentRow(email);
    expect(row).toMatchObject({ subject: mail.subject, kind: 'auth.enrollment-code', locale: 'en' });
    expect(`${row.text}${row.html}`).not.toContain(code);
    expect(row.text).toContain('Mail: auth.enrollment-code · Language: English');
  });

  it('logs a refused recipient at warn with its domain only and the next try as the queue plans it', async () => {
    const db = t.services.database.db;
    const to = `refused-${randomUUID().slice(0, 8)}@refusing.test`;
    refused.add(to);
    await t.services.mailer.send(testMail(to, 'Refused'));
    const [row] = await db
      .select({ uuid: mailOutbox.uuid })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to));
    await until(async () => logLines.some((line) => line.outboxUuid === row!.uuid));
    // The retry may now go through.
    refused.delete(to);
    const line = logLines.find((l) => l.outboxUuid === row!.uuid)!;
    expect(line).toMatchObject({ level: 40, recipientDomain: 'refusing.test', error: { responseCode: 550 } });
    expect(line.msg).toBe(
      `Mail to a recipient at refusing.test not sent (${line.error!.message}); try 1 of 13, next attempt between ${line.nextAttemptAfter} and ${line.nextAttemptBefore}`,
    );
    expect(line.error!.message).toContain('<…@refusing.test>: mailbox unavailable');
    // The server's answer quoted the address: the log line holds only its domain.
    expect(JSON.stringify(line)).not.toContain(to.split('@')[0]!);
    // The window is the queue's (1 s doubling in tests): pg-boss plans the try within it.
    const after = Date.parse(line.nextAttemptAfter!);
    const before = Date.parse(line.nextAttemptBefore!);
    expect(Math.abs(after - line.time - 1000)).toBeLessThan(100);
    expect(before - after).toBe(1000);
    const { rows } = await t.services.database.jobStore.executeSql(
      `select start_after from pgboss.job where name = 'mail.send' and (data->>'outboxUuid') = $1`,
      [row!.uuid],
    );
    const planned = new Date(rows[0]!.start_after as string | Date).getTime();
    expect(planned).toBeGreaterThanOrEqual(after - 50);
    expect(planned).toBeLessThanOrEqual(before + 1000);
    // And the next try delivers it.
    await smtp.waitFor(to, () => true, 10_000);
  });

  it('plans the next try as pg-boss does, and none after the last', () => {
    const failedAt = new Date('2026-01-01T00:00:00Z');
    expect(nextAttempt({ triesBefore: 3, retryLimit: 12, retryDelaySeconds: 5 }, failedAt)).toEqual({
      after: new Date('2026-01-01T00:00:40Z'),
      before: new Date('2026-01-01T00:01:20Z'),
    });
    expect(nextAttempt({ triesBefore: 12, retryLimit: 12, retryDelaySeconds: 5 }, failedAt)).toBeNull();
  });

  it('cleans up old sent mail and old receipts daily, and keeps unsent mail', async () => {
    const db = t.services.database.db;
    const old = new Date(Date.now() - 40 * 86_400_000);
    const run = randomUUID().slice(0, 8);
    const [sentOld, unsentOld, sentNew] = await db
      .insert(mailOutbox)
      .values([
        { toAddress: `old-${run}@mail.test`, subject: 's', text: 't', sentAt: old, createdAt: old },
        { toAddress: `old-${run}@mail.test`, subject: 'u', text: 't', createdAt: old },
        { toAddress: `old-${run}@mail.test`, subject: 'n', text: 't', sentAt: new Date() },
      ])
      .returning({ uuid: mailOutbox.uuid });
    await db.execute(
      sql`insert into job_receipts (key, queue, created_at) values (${`old-${run}`}, 'x', ${old})`,
    );
    const id = await t.services.jobs.send('maintenance.clean-up', {});
    await until(async () => {
      const { rows } = await t.services.database.jobStore.executeSql(
        `select state from pgboss.job where name = 'maintenance.clean-up' and id = $1`,
        [id],
      );
      return rows[0]?.state === 'completed';
    });
    const left = await db
      .select({ uuid: mailOutbox.uuid })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `old-${run}@mail.test`));
    expect(left.map((r) => r.uuid).sort()).toEqual([unsentOld!.uuid, sentNew!.uuid].sort());
    expect(sentOld).toBeDefined();
    const receipts = (await db.execute(
      sql`select key from job_receipts where key = ${`old-${run}`}`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(receipts.rows).toHaveLength(0);
  });
});
