import type { EventType } from '@equip/domain/audit-log';
import { and, desc, eq, max } from 'drizzle-orm';
import { insertRowsAsJson, type WritePace } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { eventLog } from '../../db/schema/index.ts';

export interface EventInput {
  organizationUuid: string;
  type: EventType;
  /** Who did it (null for the system or an anonymous caller). */
  actorUuid: string | null;
  /** Whom or what it concerns. */
  subjectUuid?: string | null;
  /** What changed: e.g. { before, after } for edits, counts for imports. */
  data?: Record<string, unknown>;
}

/** An event as written: its input, its id and time. */
export type LoggedEvent = EventInput & { uuid: string; createdAt: Date };

/** Work that must commit with the events it follows (the webhooks' fan-out), given the same transaction. */
export type EventsLoggedHook = (db: Db, events: LoggedEvent[]) => Promise<void>;
const hooks = new Map<string, EventsLoggedHook>();

/**
 * Registers a hook under a name (the composition root does, services.ts): `logEvent` runs it in the
 * caller's transaction. One per name and process: a second app built in the same process (tests)
 * replaces it, which changes nothing since a hook works only through the transaction it is given.
 * Answers the unregistration.
 */
export function onEventsLogged(name: string, hook: EventsLoggedHook): () => void {
  hooks.set(name, hook);
  return () => {
    if (hooks.get(name) === hook) hooks.delete(name);
  };
}

/** Writes to the event log in the caller's transaction, so the event exists exactly when the change does. */
export async function logEvent(db: Db, event: EventInput | EventInput[]): Promise<void> {
  const events = Array.isArray(event) ? event : [event];
  if (events.length === 0) return;
  const written = await db
    .insert(eventLog)
    .values(events.map(eventRow))
    .returning({ uuid: eventLog.uuid, createdAt: eventLog.createdAt });
  const logged = events.map((e, i) => ({ ...e, ...written[i]! }));
  for (const hook of hooks.values()) await hook(db, logged);
}

const eventRow = (e: EventInput) => ({
  organizationUuid: e.organizationUuid,
  type: e.type,
  actorUuid: e.actorUuid,
  subjectUuid: e.subjectUuid ?? null,
  data: e.data ?? {},
});

/**
 * Many events at once (an import's), in few statements: JSON rows, at the write pace of the database
 * when one is given (see db/bulk-insert.ts). The hooks do not see them: a bulk write logs one summary
 * event with `logEvent` as well (an import's `USERS_IMPORTED`), which they see.
 */
export async function logEventsInBulk(
  db: Db,
  events: EventInput[],
  options: { firstStatementRows: number; pace?: WritePace | undefined },
): Promise<void> {
  await insertRowsAsJson(db, eventLog, events.map(eventRow), options.firstStatementRows, options.pace);
}

/** When each subject last had an event of a type in the organisation (in the caller's transaction). */
export async function lastEventBySubject(
  db: Db,
  organizationUuid: string,
  type: EventType,
): Promise<Map<string, Date>> {
  const rows = await db
    .select({ subjectUuid: eventLog.subjectUuid, last: max(eventLog.createdAt) })
    .from(eventLog)
    .where(and(eq(eventLog.organizationUuid, organizationUuid), eq(eventLog.type, type)))
    .groupBy(eventLog.subjectUuid);
  return new Map(rows.flatMap((r) => (r.subjectUuid && r.last ? [[r.subjectUuid, r.last] as const] : [])));
}

/** The events about one subject (a device, a person), newest first, in the caller's transaction. */
export function eventsAbout(db: Db, subjectUuid: string, limit = 200) {
  return db
    .select({
      uuid: eventLog.uuid,
      type: eventLog.type,
      actorUuid: eventLog.actorUuid,
      data: eventLog.data,
      createdAt: eventLog.createdAt,
    })
    .from(eventLog)
    .where(eq(eventLog.subjectUuid, subjectUuid))
    .orderBy(desc(eventLog.createdAt), desc(eventLog.uuid))
    .limit(limit);
}
