import type { FlowOrigin } from '@equip/domain/flows';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { offboardings } from '../../db/schema/index.ts';
import { type FlowDraftWrite, flowDraftMark, writeFlowDraft } from '../../flows/drafts.ts';

/**
 * Draft offboardings (decision 038): the HR sync writes one for each leaver (the last day of work is
 * the HR system's end date) and SCIM for a person an identity provider deactivates, once per person,
 * not yet submitted (status `started`). The offboarding module owns the table (db/ownership.ts); the
 * flow's screens and its submission are not built yet.
 */

export interface OffboardingDraft {
  organizationUuid: string;
  userUuid: string;
  /** `YYYY-MM-DD`. */
  lastDayOfWork: string;
  origin: FlowOrigin;
  /** The HR provider's kind for the HR sync's drafts. */
  provider: string | null;
  submission: Record<string, unknown>;
}

/**
 * Writes a person's draft offboarding, or updates the one they have (its last day and submission);
 * answers what it did. A person whose offboarding was submitted already gets none.
 */
export async function draftOffboarding(tx: Db, draft: OffboardingDraft): Promise<FlowDraftWrite> {
  const rows = await tx
    .select({
      uuid: offboardings.uuid,
      draft: offboardings.draft,
      status: offboardings.status,
      lastDayOfWork: offboardings.lastDayOfWork,
      submission: offboardings.submission,
    })
    .from(offboardings)
    .where(eq(offboardings.userUuid, draft.userUuid))
    .for('update');
  return writeFlowDraft(rows, {
    submission: draft.submission,
    // A submitted offboarding that is not done yet stands; a finished one does not stop a new draft.
    stands: (submitted) => submitted.status !== 'done',
    sameAs: (existing) => existing.lastDayOfWork === draft.lastDayOfWork,
    create: () =>
      tx.insert(offboardings).values({
        organizationUuid: draft.organizationUuid,
        userUuid: draft.userUuid,
        lastDayOfWork: draft.lastDayOfWork,
        // SPEC §4's first choice; the person submitting the offboarding picks.
        offboardingTime: 'same-day',
        submission: draft.submission,
        draft: true,
        origin: draft.origin,
        originProvider: draft.provider,
      }),
    update: (uuid) =>
      tx
        .update(offboardings)
        .set({ lastDayOfWork: draft.lastDayOfWork, submission: draft.submission, updatedAt: new Date() })
        .where(and(eq(offboardings.uuid, uuid), eq(offboardings.draft, true))),
  });
}

/** Removes a person's draft offboarding (an identity provider reactivated them); a submitted one stays. */
export async function discardOffboardingDraft(tx: Db, userUuid: string): Promise<void> {
  await tx.delete(offboardings).where(and(eq(offboardings.userUuid, userUuid), eq(offboardings.draft, true)));
}

/** A person's draft offboarding as the employees table marks it (`FlowDraftMark` JSON), or NULL. */
export function offboardingDraftMark(userUuid: SQL | AnyPgColumn): SQL {
  return flowDraftMark('offboarding', offboardings, userUuid);
}
