import type { Actor } from '@equip/domain/access';
import type { EmployeeStatus } from '@equip/domain/identity';
import {
  HR_CHECK_ERRORS,
  HR_SYNC_REASONS,
  type HrProvider,
  type HrSourceField,
  type HrSyncCounts,
  type HrSyncEntry,
  type HrSyncedField,
  hrFieldMappingOf,
} from '@equip/domain/integrations';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { HrEmployee, HrEmployeePage } from '../../providers/hr/adapter.ts';
import type { HrAdapters } from '../../providers/hr/hr-adapters.ts';
import { HrApiError } from '../../providers/hr/http.ts';
import {
  addHrPerson,
  changeHrPerson,
  type HrPerson,
  type HrPersonValues,
  type HrWriter,
  hrEmailsInUse,
  hrPeopleOf,
} from '../employees/index.ts';
import { draftOffboarding } from '../offboarding/index.ts';
import { draftOnboarding } from '../onboarding/index.ts';
import {
  type FoundConflict,
  findRun,
  findSyncState,
  finishRun,
  keptInEquip,
  recordSynced,
  type SyncState,
  startRun,
  upsertConflicts,
} from './sync-queries.ts';

/**
 * The HR sync (issue 30, item 2; decision 032). The HR system is read outside any transaction (every
 * page, or the changes since the last successful sync's start); then, in the organisation's transaction
 * with the integration held, the people are compared and the plan applied through the employees module
 * (under the grant rule). The same plan, without writes, is the first sync's preview.
 */

/** Runs work in an organisation's transaction. */
export type InTenant = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/** Pages read at most in one sync (a vendor that never ends its paging is an error, not a hang). */
const MAX_PAGES = 10_000;

/** Why a sync could not read the HR system, in the fixed words of the checks. */
export class HrSyncFailed extends Error {
  override name = 'HrSyncFailed';
}

/** Every person (`since` null: the first sync, the preview) or those changed since `since`. */
export async function readHrPeople(
  hr: HrAdapters,
  state: Pick<SyncState, 'organizationUuid' | 'provider' | 'credentialsEncrypted'>,
  since: Date | null,
): Promise<HrEmployee[]> {
  try {
    const adapter = hr.for(state);
    const people: HrEmployee[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer: HrEmployeePage = since
        ? await adapter.changesSince(since, cursor)
        : await adapter.employees(cursor);
      people.push(...answer.employees);
      cursor = answer.next;
      if (!cursor) return people;
    }
    throw new HrSyncFailed(HR_CHECK_ERRORS.unexpectedAnswer);
  } catch (error) {
    if (error instanceof HrSyncFailed) throw error;
    if (error instanceof HrApiError) {
      const reason = error.refused
        ? HR_CHECK_ERRORS.credentialsRefused
        : error.rateLimited
          ? HR_CHECK_ERRORS.rateLimited
          : error.status === 0
            ? HR_CHECK_ERRORS.unreachable
            : error.status >= 500
              ? HR_CHECK_ERRORS.serverError
              : HR_CHECK_ERRORS.unexpectedAnswer;
      throw new HrSyncFailed(error.detail ? `${reason}: ${error.detail}` : reason);
    }
    if (error instanceof Error && error.name === 'NoHrAdapter') throw new HrSyncFailed(error.message);
    if (error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError'))
      throw new HrSyncFailed(HR_CHECK_ERRORS.unexpectedAnswer);
    throw error;
  }
}

/** One person's plan: the entry shown, and what applying it writes. */
interface PlannedPerson {
  entry: HrSyncEntry;
  create?: {
    values: HrPersonValues & { email: string; firstName: string; lastName: string };
    status: EmployeeStatus;
  };
  change?: { person: HrPerson; values: HrPersonValues & { employeeStatus?: EmployeeStatus }; link: string };
  /**
   * The draft flow the person gets or keeps (decision 038): a new hire's onboarding (the start date, the
   * HR data as its submission), a leaver's offboarding (the last day of work). Written with the person.
   */
  draft?:
    | { kind: 'onboarding'; startDate: string; submission: Record<string, unknown> }
    | { kind: 'offboarding'; lastDayOfWork: string; submission: Record<string, unknown> };
  conflicts: FoundConflict[];
}

const today = () => new Date().toISOString().slice(0, 10);

/** The value of an HR field as an employee field holds it (trimmed text, `YYYY-MM-DD`, or null). */
function hrValueOf(person: HrEmployee, source: HrSourceField): string | null {
  const value = source === 'department' ? (person.department?.name ?? null) : person[source];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return source === 'email' || source === 'personalEmail' ? trimmed.toLowerCase() : trimmed;
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The HR system's data about a person, as a draft flow's submission keeps it (decision 038). */
function hrSubmissionOf(
  provider: HrProvider,
  hrPerson: HrEmployee,
  values: HrPersonValues,
  email: string | null,
): Record<string, unknown> {
  return {
    workEmail: email,
    privateEmail: hrPerson.personalEmail,
    hr: {
      provider,
      externalId: hrPerson.externalId,
      firstName: values.firstName ?? hrPerson.firstName,
      lastName: values.lastName ?? hrPerson.lastName,
      department: values.department ?? hrPerson.department?.name ?? null,
      position: values.position ?? hrPerson.jobTitle,
      phone: values.phone ?? hrPerson.phone,
      startDate: hrPerson.startDate,
      endDate: hrPerson.endDate,
      status: hrPerson.status,
    },
  };
}

/**
 * Compares the HR system's people with the organisation's and plans what to write: new people
 * (ONBOARDING when they start later or the HR system says so), changed fields, leavers (OFFBOARDING with
 * their last day), what is skipped and the conflicts (an email another account uses; a field edited in
 * Equip after the HR system's change). Pure but for asking which emails accounts use.
 */
export async function planSync(input: {
  tx: Db;
  provider: HrProvider;
  state: Pick<SyncState, 'fieldMapping'>;
  hrPeople: HrEmployee[];
  people: HrPerson[];
  kept: Map<string, string | null>;
}): Promise<PlannedPerson[]> {
  const { provider, hrPeople, people, kept } = input;
  const mapping = hrFieldMappingOf(input.state.fieldMapping);
  const fields = (Object.keys(mapping) as HrSyncedField[]).filter((f) => mapping[f] !== null);
  const byLink = new Map(people.filter((p) => p.hrExternalId).map((p) => [p.hrExternalId!, p]));
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const day = today();

  // The people the HR system has, each with its values and the employee it is.
  const seen = new Set<string>();
  const candidates = hrPeople
    .map((hrPerson) => {
      const link = `${provider}:${hrPerson.externalId}`;
      const values = Object.fromEntries(
        fields.map((f) => [f, hrValueOf(hrPerson, mapping[f]!)]),
      ) as HrPersonValues;
      const email = values.email ?? null;
      const byMail = email ? byEmail.get(email) : undefined;
      const person = byLink.get(link) ?? (byMail && !byMail.hrExternalId ? byMail : undefined);
      return { hrPerson, link, values, email, person };
    })
    .filter((c) => {
      // A vendor listing a person twice (across pages) is one person.
      if (seen.has(c.link)) return false;
      seen.add(c.link);
      return true;
    });

  // Which new emails another account uses (in any organisation): one question for the whole sync.
  const wanted = candidates
    .filter((c) => c.email && (!c.person || c.person.email.toLowerCase() !== c.email))
    .map((c) => c.email!);
  const inUse = await hrEmailsInUse(input.tx, [...new Set(wanted)]);
  const claimed = new Set<string>();

  return candidates.map(({ hrPerson, link, values, email, person }): PlannedPerson => {
    const name = nameOf({
      firstName: values.firstName ?? hrPerson.firstName,
      lastName: values.lastName ?? hrPerson.lastName,
    });
    const entry = (
      action: HrSyncEntry['action'],
      rest: Partial<Pick<HrSyncEntry, 'changes' | 'reason' | 'employeeUuid'>> = {},
    ): HrSyncEntry => ({
      action,
      externalId: hrPerson.externalId,
      name,
      email,
      employeeUuid: rest.employeeUuid ?? person?.uuid ?? null,
      changes: rest.changes ?? [],
      reason: rest.reason ?? null,
    });
    const left = hrPerson.status === 'inactive' || (hrPerson.endDate !== null && hrPerson.endDate < day);
    const conflictOf = (
      kind: FoundConflict['kind'],
      field: HrSyncedField,
      hrValue: string | null,
      equipValue: string | null,
    ): FoundConflict => ({
      kind,
      externalId: link,
      name,
      userUuid: person?.uuid ?? null,
      field,
      hrValue,
      equipValue,
    });

    if (!person) {
      if (left) return { entry: entry('skip', { reason: HR_SYNC_REASONS.leftBeforeSync }), conflicts: [] };
      if (!email) return { entry: entry('skip', { reason: HR_SYNC_REASONS.noEmail }), conflicts: [] };
      if (kept.has(`${link}|email`) && kept.get(`${link}|email`) === email)
        return { entry: entry('skip', { reason: HR_SYNC_REASONS.keptInEquip }), conflicts: [] };
      if (inUse.has(email) || claimed.has(email))
        return {
          entry: entry('conflict', { reason: HR_SYNC_REASONS.emailInUse }),
          conflicts: [conflictOf('EMAIL_IN_USE', 'email', email, null)],
        };
      claimed.add(email);
      const startsLater =
        hrPerson.status === 'onboarding' || (values.startDate ?? hrPerson.startDate ?? '') > day;
      const startDate = values.startDate ?? hrPerson.startDate;
      return {
        entry: entry('create', {
          changes: fields
            .filter((f) => values[f] !== null && values[f] !== undefined)
            .map((f) => ({ field: f, before: null, after: values[f] ?? null })),
        }),
        create: {
          values: {
            ...values,
            email,
            firstName: values.firstName ?? hrPerson.firstName,
            lastName: values.lastName ?? hrPerson.lastName,
          },
          status: startsLater ? 'ONBOARDING' : 'ACTIVE',
        },
        // A new hire who starts later gets a draft onboarding (one without a start date cannot have one).
        ...(startsLater && startDate
          ? {
              draft: {
                kind: 'onboarding' as const,
                startDate,
                submission: hrSubmissionOf(provider, hrPerson, values, email),
              },
            }
          : {}),
        conflicts: [],
      };
    }

    const changes: HrSyncEntry['changes'] = [];
    const conflicts: FoundConflict[] = [];
    const apply: HrPersonValues & { employeeStatus?: EmployeeStatus } = {};
    for (const field of fields) {
      const hrValue = values[field] ?? null;
      const equipValue = person[field];
      if (hrValue === equipValue) continue;
      // The HR system's empty value never clears who a person is.
      if (hrValue === null && (field === 'email' || field === 'firstName' || field === 'lastName')) continue;
      const key = `${link}|${field}`;
      if (kept.has(key) && kept.get(key) === hrValue) continue;
      const edited = person.manuallyEditedAt[field];
      if (edited && (!hrPerson.updatedAt || new Date(edited) > hrPerson.updatedAt)) {
        conflicts.push(conflictOf('EDITED_IN_EQUIP', field, hrValue, equipValue));
        continue;
      }
      if (field === 'email' && hrValue && (inUse.has(hrValue) || claimed.has(hrValue))) {
        conflicts.push(conflictOf('EMAIL_IN_USE', field, hrValue, equipValue));
        continue;
      }
      if (field === 'email' && hrValue) claimed.add(hrValue);
      changes.push({ field, before: equipValue, after: hrValue });
      apply[field] = hrValue;
    }
    const leaves =
      (left || hrPerson.endDate !== null) &&
      person.employeeStatus !== 'OFFBOARDING' &&
      person.employeeStatus !== 'INACTIVE';
    if (leaves) apply.employeeStatus = 'OFFBOARDING';
    const action: HrSyncEntry['action'] = leaves
      ? 'offboard'
      : changes.length > 0
        ? 'update'
        : conflicts.length > 0
          ? 'conflict'
          : 'skip';
    const linkOnly = person.hrExternalId !== link;
    // The draft the person keeps: a leaver's offboarding (the last day the HR system's end date), an
    // onboarding person's onboarding (its start date following the HR system's). Written whether or not
    // a field changed, so a draft written once is updated and never written twice.
    const status = apply.employeeStatus ?? person.employeeStatus;
    const startDate = apply.startDate ?? person.startDate;
    const leaving = left || hrPerson.endDate !== null;
    const draft: PlannedPerson['draft'] =
      status === 'OFFBOARDING' && leaving
        ? {
            kind: 'offboarding',
            lastDayOfWork: hrPerson.endDate ?? apply.lastDate ?? person.lastDate ?? day,
            submission: hrSubmissionOf(provider, hrPerson, values, email),
          }
        : status === 'ONBOARDING' && startDate
          ? {
              kind: 'onboarding',
              startDate,
              submission: hrSubmissionOf(provider, hrPerson, values, email),
            }
          : undefined;
    return {
      entry: entry(action, {
        changes,
        reason:
          action === 'conflict'
            ? conflicts[0]!.kind === 'EMAIL_IN_USE'
              ? HR_SYNC_REASONS.emailInUse
              : HR_SYNC_REASONS.editedInEquip
            : action === 'skip'
              ? HR_SYNC_REASONS.unchanged
              : null,
      }),
      ...(changes.length > 0 || leaves || linkOnly ? { change: { person, values: apply, link } } : {}),
      ...(draft ? { draft } : {}),
      conflicts,
    };
  });
}

/** The counts of a plan: conflicts are the conflicts found (a person may have several). */
export function countsOf(planned: PlannedPerson[]): HrSyncCounts {
  const count = (action: HrSyncEntry['action']) => planned.filter((p) => p.entry.action === action).length;
  return {
    created: count('create'),
    updated: count('update') + count('offboard'),
    skipped: count('skip'),
    conflicts: planned.reduce((n, p) => n + p.conflicts.length, 0),
  };
}

/** Applies a plan through the employees module; a person whose write is refused is skipped with the reason. */
export async function applyPlan(
  tx: Db,
  writer: HrWriter,
  provider: HrProvider,
  planned: PlannedPerson[],
): Promise<PlannedPerson[]> {
  const done: PlannedPerson[] = [];
  for (const plan of planned) {
    try {
      // A savepoint each: one person's refusal leaves the others' writes standing.
      await tx.transaction(async (sp) => {
        if (plan.create)
          plan.entry.employeeUuid = await addHrPerson(
            sp,
            writer,
            plan.create.values,
            `${provider}:${plan.entry.externalId}`,
            plan.create.status,
          );
        else if (plan.change)
          await changeHrPerson(sp, writer, plan.change.person, plan.change.values, plan.change.link);
        if (plan.draft && plan.entry.employeeUuid)
          await writeDraft(sp, writer, provider, plan.entry.employeeUuid, plan.draft);
      });
      done.push(plan);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      done.push({
        entry: { ...plan.entry, action: 'skip', changes: [], reason: error.entries[0]?.msg ?? error.message },
        conflicts: plan.conflicts,
      });
    }
  }
  await upsertConflicts(
    tx,
    writer.actor.organizationUuid,
    provider,
    done.flatMap((p) => p.conflicts),
  );
  return done;
}

/** Writes (or updates) a person's draft onboarding or offboarding from the HR system (decision 038). */
async function writeDraft(
  tx: Db,
  writer: HrWriter,
  provider: HrProvider,
  userUuid: string,
  draft: NonNullable<PlannedPerson['draft']>,
): Promise<void> {
  const common = {
    organizationUuid: writer.actor.organizationUuid,
    userUuid,
    origin: 'hris' as const,
    provider,
  };
  if (draft.kind === 'onboarding')
    await draftOnboarding(tx, {
      ...common,
      startDate: draft.startDate,
      submission: { ...draft.submission, userUuid, startDate: `${draft.startDate}T00:00:00.000Z` },
    });
  else
    await draftOffboarding(tx, {
      ...common,
      lastDayOfWork: draft.lastDayOfWork,
      submission: { ...draft.submission, userUuid, lastDayOfWork: draft.lastDayOfWork },
    });
}

/** The actor the sync writes as: the organisation's IT owners' rights, and the person who asked, if one did. */
export function syncWriter(organizationUuid: string, actorUuid: string | null): HrWriter {
  const actor: Actor = {
    userUuid: actorUuid ?? '00000000-0000-0000-0000-000000000000',
    role: 'it-owner',
    organizationUuid,
  };
  return { actor, actorUuid };
}

/**
 * Runs one queued sync (the `integrations.sync` job): reads the HR system, applies the plan, records the
 * run with its counts and log, moves the cursor and completes the setup. A failure to read is the run's
 * outcome (failed, with the reason); nothing is written then.
 */
export async function runSync(
  tenant: InTenant,
  hr: HrAdapters,
  job: { organizationUuid: string; provider: HrProvider; runUuid: string; actorUuid: string | null },
): Promise<void> {
  const startedAt = new Date();
  const state = await tenant(async (tx) => {
    const run = await findRun(tx, job.runUuid);
    if (!run || !(await startRun(tx, job.runUuid, startedAt))) return null;
    const found = await findSyncState(tx, job.provider);
    if (!found || found.status === 'INACTIVE') {
      await finishRun(tx, job.runUuid, {
        error: found ? 'The integration is paused' : 'The integration was removed',
      });
      return null;
    }
    return found;
  });
  if (!state) return;
  let hrPeople: HrEmployee[];
  try {
    hrPeople = await readHrPeople(hr, state, state.setupStatus === 'COMPLETED' ? state.syncCursor : null);
  } catch (error) {
    if (!(error instanceof HrSyncFailed)) throw error;
    await tenant((tx) => finishRun(tx, job.runUuid, { error: error.message }));
    return;
  }
  await tenant(async (tx) => {
    const held = await findSyncState(tx, job.provider, true);
    if (!held) return finishRun(tx, job.runUuid, { error: 'The integration was removed' });
    const planned = await planSync({
      tx,
      provider: job.provider,
      state: held,
      hrPeople,
      people: await hrPeopleOf(tx, job.organizationUuid),
      kept: await keptInEquip(tx, job.provider),
    });
    const done = await applyPlan(tx, syncWriter(job.organizationUuid, job.actorUuid), job.provider, planned);
    await finishRun(tx, job.runUuid, {
      counts: countsOf(done),
      // The log keeps what happened, not who was looked at and left as they were.
      entries: done
        .map((p) => p.entry)
        .filter((e) => e.action !== 'skip' || e.reason !== HR_SYNC_REASONS.unchanged),
    });
    await recordSynced(tx, job.provider, startedAt, new Date());
  });
}
