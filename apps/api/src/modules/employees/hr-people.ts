import type { Actor } from '@equip/domain/access';
import type { EmployeeStatus } from '@equip/domain/identity';
import type { HrSyncedField } from '@equip/domain/integrations';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailsInUseAnywhere, isEmailInUseViolation } from '../../db/emails.ts';
import { users } from '../../db/schema/index.ts';
import { assertGrant } from '../../http/grants.ts';
import { logEvent } from '../audit-log/index.ts';
import { emailIsUsed } from './service.ts';

/**
 * The people the HR sync reads, creates and changes (decision 032), through the employees module and
 * under the grant rule (`assertGrant`, the domain's `decideGrant`), as every other write of a person.
 * Events are the employees' own: USER_ADDED and USER_UPDATED (before and after), with `via: 'hris'`.
 */

/** A person as the sync compares them: the synced fields, the HR link and when fields were edited in Equip. */
export interface HrPerson {
  uuid: string;
  organizationUuid: string;
  role: 'regular' | 'it-owner' | 'equip-admin';
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  department: string | null;
  position: string | null;
  startDate: string | null;
  lastDate: string | null;
  employeeStatus: EmployeeStatus;
  hrExternalId: string | null;
  manuallyEditedAt: Record<string, string>;
}

const HR_PERSON_COLUMNS = {
  uuid: users.uuid,
  organizationUuid: users.organizationUuid,
  role: users.role,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  department: users.department,
  position: users.position,
  startDate: users.startDate,
  lastDate: users.lastDate,
  employeeStatus: users.employeeStatus,
  hrExternalId: users.hrExternalId,
  manuallyEditedAt: users.manuallyEditedAt,
};

/** The organisation's people who are not removed (the tenant's rows), as the sync compares them. */
export async function hrPeopleOf(tx: Db, organizationUuid: string): Promise<HrPerson[]> {
  const rows = await tx
    .select(HR_PERSON_COLUMNS)
    .from(users)
    .where(and(eq(users.organizationUuid, organizationUuid), isNull(users.deletedAt)))
    .orderBy(asc(users.uuid));
  return rows.map((r) => ({ ...r, organizationUuid: r.organizationUuid ?? organizationUuid }));
}

/** The organisation's people (not removed) with these uuids or this email (the SCIM server's lookups). */
export async function hrPeopleWhere(
  tx: Db,
  organizationUuid: string,
  where: { uuids: readonly string[] } | { email: string },
): Promise<HrPerson[]> {
  if ('uuids' in where && where.uuids.length === 0) return [];
  const rows = await tx
    .select(HR_PERSON_COLUMNS)
    .from(users)
    .where(
      and(
        eq(users.organizationUuid, organizationUuid),
        isNull(users.deletedAt),
        'uuids' in where
          ? inArray(users.uuid, [...where.uuids])
          : eq(sql`lower(${users.email})`, where.email.trim().toLowerCase()),
      ),
    )
    .orderBy(asc(users.uuid));
  return rows.map((r) => ({ ...r, organizationUuid: r.organizationUuid ?? organizationUuid }));
}

/** Which of these emails an account anywhere uses, leaving out `exceptUser`. */
export const hrEmailsInUse = (tx: Db, emails: readonly string[], exceptUser?: string) =>
  emailsInUseAnywhere(tx, emails, exceptUser);

/** The values of a person the sync writes (the fields its mapping reads). */
export type HrPersonValues = Partial<Record<HrSyncedField, string | null>>;

/** Who acts: the grant rule's actor and the event's (null for the schedule). */
export interface HrWriter {
  actor: Actor;
  actorUuid: string | null;
  /** What the events name as the record's channel: the HR sync (default) or the SCIM server. */
  via?: 'hris' | 'scim';
}

/**
 * Adds a person the HR system has and Equip does not (source `hris`, linked by `externalId`, or not
 * linked when null: the SCIM server keeps its own link), in the status given (ONBOARDING for a new
 * hire). A 409 when the email is in use (the sync checks first and records a conflict instead).
 */
export async function addHrPerson(
  tx: Db,
  writer: HrWriter,
  person: HrPersonValues & { email: string; firstName: string; lastName: string },
  externalId: string | null,
  employeeStatus: EmployeeStatus,
): Promise<string> {
  assertGrant(writer.actor, null, { action: 'create', role: 'regular' });
  const email = person.email.trim().toLowerCase();
  if ((await emailsInUseAnywhere(tx, [email])).size > 0) throw emailIsUsed(email);
  let uuid: string;
  try {
    const [row] = await tx
      .insert(users)
      .values({
        organizationUuid: writer.actor.organizationUuid,
        email,
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone ?? null,
        department: person.department ?? null,
        position: person.position ?? null,
        startDate: person.startDate ?? null,
        lastDate: person.lastDate ?? null,
        source: 'hris',
        employeeStatus,
        hrExternalId: externalId,
      })
      .returning({ uuid: users.uuid });
    uuid = row!.uuid;
  } catch (error) {
    if (isEmailInUseViolation(error)) throw emailIsUsed(email);
    throw error;
  }
  await logEvent(tx, {
    organizationUuid: writer.actor.organizationUuid,
    type: 'USER_ADDED',
    actorUuid: writer.actorUuid,
    subjectUuid: uuid,
    data: {
      email,
      name: `${person.firstName} ${person.lastName}`,
      via: writer.via ?? 'hris',
      ...(externalId ? { externalId } : {}),
    },
  });
  return uuid;
}

/**
 * Applies the HR system's values to a person (and links them to `externalId` when given), logging each
 * changed field before and after (USER_UPDATED, `via: 'hris'`). Not a manual edit: `manually_edited_at`
 * stays. Answers the fields that changed.
 */
export async function changeHrPerson(
  tx: Db,
  writer: HrWriter,
  person: HrPerson,
  changes: HrPersonValues & { employeeStatus?: EmployeeStatus },
  externalId?: string,
): Promise<string[]> {
  assertGrant(writer.actor, person, { action: 'update' });
  const changed = Object.entries(changes).filter(
    ([field, value]) => value !== undefined && person[field as keyof HrPerson] !== value,
  );
  if (changed.length === 0 && (externalId === undefined || externalId === person.hrExternalId)) return [];
  const values = Object.fromEntries(changed) as Partial<typeof users.$inferInsert>;
  if (typeof values.email === 'string') {
    values.email = values.email.trim().toLowerCase();
    if ((await emailsInUseAnywhere(tx, [values.email], person.uuid)).size > 0)
      throw emailIsUsed(values.email);
  }
  try {
    await tx
      .update(users)
      .set({ ...values, ...(externalId ? { hrExternalId: externalId } : {}), updatedAt: new Date() })
      .where(eq(users.uuid, person.uuid));
  } catch (error) {
    if (isEmailInUseViolation(error)) throw emailIsUsed(String(values.email));
    throw error;
  }
  if (changed.length > 0) {
    await logEvent(tx, {
      organizationUuid: person.organizationUuid,
      type: 'USER_UPDATED',
      actorUuid: writer.actorUuid,
      subjectUuid: person.uuid,
      data: {
        before: Object.fromEntries(changed.map(([field]) => [field, person[field as keyof HrPerson]])),
        after: Object.fromEntries(changed),
        via: writer.via ?? 'hris',
      },
    });
  }
  return changed.map(([field]) => field);
}
