import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { lastEventBySubject, logEvent } from '../audit-log/index.ts';
import { registrationReminderMail } from './mails.ts';
import { peopleByUuid, peopleWithoutEnrolledDevice } from './queries.ts';

/** Someone reminded less than this long ago is not reminded again by the daily run. */
const QUIET_HOURS = 20;

/**
 * The daily device-registration reminders of one organisation (the `reminders.send` job), in the
 * tenant's transaction: everyone an administrator has reminded at least once and who has still not
 * registered a device is reminded again, at most once a day, until they do. Each reminder is logged
 * (with no actor: the system sent it) and its mail queued in the same transaction, so a run is all or
 * nothing. Answers how many were reminded.
 */
export async function sendDailyRegistrationReminders(
  tx: Db,
  organizationUuid: string,
  deps: { mailer: Mailer; publicUrl: string; now?: Date },
): Promise<number> {
  const now = deps.now ?? new Date();
  const reminded = await lastEventBySubject(tx, organizationUuid, 'DEVICE_REGISTRATION_REMINDER_SENT');
  if (reminded.size === 0) return 0;
  const due = (await peopleWithoutEnrolledDevice(tx, organizationUuid))
    .map((p) => p.uuid)
    .filter((uuid) => {
      const last = reminded.get(uuid);
      return last !== undefined && now.getTime() - last.getTime() >= QUIET_HOURS * 3_600_000;
    });
  if (due.length === 0) return 0;
  const people = await peopleByUuid(tx, due);
  await logEvent(
    tx,
    people.map((p) => ({
      organizationUuid,
      type: 'DEVICE_REGISTRATION_REMINDER_SENT' as const,
      actorUuid: null,
      subjectUuid: p.uuid,
      data: { automatic: true },
    })),
  );
  for (const person of people)
    await deps.mailer.send(registrationReminderMail(person, deps.publicUrl), { db: tx });
  return people.length;
}
