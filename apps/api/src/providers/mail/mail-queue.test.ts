import { randomUUID } from 'node:crypto';
import { URL } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { startSmtpPeer } from '../../test/smtp.ts';

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('mail through the job queue', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let port: number;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    port = Number(new URL(smtp.url).port);
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
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
    for (let i = 0; i < 10; i++)
      await t.services.mailer.send({ to, subject: `Queued ${run} #${i}`, text: `mail ${i}` });
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

    // The server comes back on the same port.
    smtp = await startSmtpPeer({ port });
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
