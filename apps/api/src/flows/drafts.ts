import { isDeepStrictEqual } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * What the draft flows share (decision 038): an outside system (the HR sync, SCIM) writes a person's
 * onboarding or offboarding as a draft, once per person, and updates it when it learns more. Each
 * flow's module owns its table (db/ownership.ts) and says how its rows are read and written; the steps
 * and the mark the employees list shows are here, once.
 */

export type FlowDraftKind = 'onboarding' | 'offboarding';
export type FlowDraftWrite = 'created' | 'updated' | 'unchanged' | 'submitted';

/** A person's flow of one kind, as the flow's module reads it (locked for the write). */
interface FlowRow {
  uuid: string;
  draft: boolean;
  submission: unknown;
}

/**
 * Writes a person's draft flow, or updates the one they have; answers what it did. `rows` are the
 * person's flows of that kind. A submitted flow that `stands` means no draft; a draft whose `sameAs`
 * (its date) and submission are unchanged is left alone. The stored submission comes back from jsonb
 * with its keys reordered: it is compared by value.
 */
export async function writeFlowDraft<Row extends FlowRow>(
  rows: Row[],
  flow: {
    submission: Record<string, unknown>;
    stands: (submitted: Row) => boolean;
    sameAs: (draft: Row) => boolean;
    create: () => Promise<unknown>;
    update: (draftUuid: string) => Promise<unknown>;
  },
): Promise<FlowDraftWrite> {
  const existing = rows.find((row) => row.draft);
  if (!existing && rows.some(flow.stands)) return 'submitted';
  if (!existing) {
    await flow.create();
    return 'created';
  }
  if (flow.sameAs(existing) && isDeepStrictEqual(existing.submission, flow.submission)) return 'unchanged';
  await flow.update(existing.uuid);
  return 'updated';
}

/** The columns of a flow's table that find and describe a person's draft. */
interface FlowDraftColumns {
  userUuid: AnyPgColumn;
  draft: AnyPgColumn;
  origin: AnyPgColumn;
  originProvider: AnyPgColumn;
}

/** A person's draft flow as the employees list marks it (`FlowDraftMark` JSON), or NULL. */
export function flowDraftMark(
  kind: FlowDraftKind,
  table: PgTable & FlowDraftColumns,
  userUuid: SQL | AnyPgColumn,
): SQL {
  return sql`(select json_build_object('kind', ${sql.raw(`'${kind}'`)}, 'origin', ${table.origin}, 'provider', ${table.originProvider}) from ${table} where ${table.userUuid} = ${userUuid} and ${table.draft})`;
}
