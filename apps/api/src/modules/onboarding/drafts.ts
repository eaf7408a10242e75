import type { FlowOrigin } from '@equip/domain/flows';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { onboardings } from '../../db/schema/index.ts';
import { type FlowDraftWrite, flowDraftMark, writeFlowDraft } from '../../flows/drafts.ts';

/**
 * Draft onboardings (decision 038): the HR sync writes one for each new hire — the start date and the
 * HR system's data as the submission, not yet submitted — once per person; a later sync updates it
 * (a new start date). The onboarding module owns the table (db/ownership.ts); the flow's screens and
 * its submission are not built yet.
 */

export interface OnboardingDraft {
  organizationUuid: string;
  userUuid: string;
  /** `YYYY-MM-DD`. */
  startDate: string;
  origin: FlowOrigin;
  /** The HR provider's kind for the HR sync's drafts. */
  provider: string | null;
  submission: Record<string, unknown>;
}

const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Writes a person's draft onboarding, or updates the one they have (its start date and submission);
 * answers what it did. A person whose onboarding was submitted already gets none.
 */
export async function draftOnboarding(tx: Db, draft: OnboardingDraft): Promise<FlowDraftWrite> {
  const rows = await tx
    .select({
      uuid: onboardings.uuid,
      draft: onboardings.draft,
      startDate: onboardings.startDate,
      submission: onboardings.submission,
    })
    .from(onboardings)
    .where(eq(onboardings.userUuid, draft.userUuid))
    .for('update');
  const startDate = startOf(draft.startDate);
  return writeFlowDraft(rows, {
    submission: draft.submission,
    stands: () => true,
    sameAs: (existing) => existing.startDate.getTime() === startDate.getTime(),
    create: () =>
      tx.insert(onboardings).values({
        organizationUuid: draft.organizationUuid,
        userUuid: draft.userUuid,
        startDate,
        submission: draft.submission,
        draft: true,
        origin: draft.origin,
        originProvider: draft.provider,
      }),
    update: (uuid) =>
      tx
        .update(onboardings)
        .set({ startDate, submission: draft.submission, updatedAt: new Date() })
        .where(and(eq(onboardings.uuid, uuid), eq(onboardings.draft, true))),
  });
}

/** A person's draft onboarding as the employees table marks it (`FlowDraftMark` JSON), or NULL. */
export function onboardingDraftMark(userUuid: SQL | AnyPgColumn): SQL {
  return flowDraftMark('onboarding', onboardings, userUuid);
}
