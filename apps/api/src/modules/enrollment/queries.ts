import type { EnrollmentFlow } from '@equip/domain/devices';
import type { EnrollmentFailureReason } from '@equip/domain/enrollment';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enrollments } from '../../db/schema/index.ts';

/** Starts an enrolment session for a person (its hashed bearer token and expiry). */
export async function insertSession(
  tx: Db,
  values: {
    organizationUuid: string;
    userUuid: string;
    email: string;
    flow: EnrollmentFlow;
    sessionHash: string;
    sessionExpiresAt: Date;
  },
): Promise<void> {
  await tx.insert(enrollments).values(values);
}

/** The live session with this token hash (not expired, not completed), or null. */
export async function liveSession(tx: Db, sessionHash: string) {
  const [row] = await tx
    .select({ uuid: enrollments.uuid, userUuid: enrollments.userUuid, flow: enrollments.flow })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.sessionHash, sessionHash),
        gt(enrollments.sessionExpiresAt, sql`now()`),
        isNull(enrollments.completedAt),
      ),
    );
  return row?.userUuid ? { ...row, userUuid: row.userUuid } : null;
}

/** Binds the session to its device and the agent's one-time token (a new token replaces the earlier). */
export async function setEnrollmentToken(
  tx: Db,
  uuid: string,
  values: { deviceUuid: string; flow: EnrollmentFlow; tokenHash: string; tokenExpiresAt: Date },
): Promise<void> {
  await tx
    .update(enrollments)
    .set({ ...values, failureReason: null })
    .where(eq(enrollments.uuid, uuid));
}

/** The enrolment a one-time agent token belongs to, unless it was used. */
export async function enrollmentByToken(tx: Db, tokenHash: string) {
  const [row] = await tx
    .select({
      uuid: enrollments.uuid,
      deviceUuid: enrollments.deviceUuid,
      userUuid: enrollments.userUuid,
      flow: enrollments.flow,
      tokenExpiresAt: enrollments.tokenExpiresAt,
    })
    .from(enrollments)
    .where(and(eq(enrollments.tokenHash, tokenHash), isNull(enrollments.completedAt)));
  return row ?? null;
}

/** Ends an enrolment: completed, or failed with its reason. The one-time token stops working either way. */
export async function finishEnrollment(
  tx: Db,
  uuid: string,
  outcome: { failureReason: EnrollmentFailureReason } | { completed: true },
): Promise<void> {
  await tx
    .update(enrollments)
    .set(
      'completed' in outcome
        ? { completedAt: new Date(), tokenHash: null }
        : { failureReason: outcome.failureReason, tokenHash: null },
    )
    .where(eq(enrollments.uuid, uuid));
}
