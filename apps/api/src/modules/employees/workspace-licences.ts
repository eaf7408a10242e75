import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The licences the organisation's workspace says each person has (decision 033), written to the
 * employees' licence field for the employees list: `licences` maps an address (lower case) to the
 * licences' names joined. Only the people the workspace names are written, and only when the value
 * changes; a person it does not name keeps what they had. Answers how many changed.
 */
export async function applyWorkspaceLicences(tx: Db, licences: ReadonlyMap<string, string>): Promise<number> {
  if (licences.size === 0) return 0;
  let changed = 0;
  const entries = [...licences];
  // One statement per 500 people: a workspace of thousands stays a few statements.
  for (let from = 0; from < entries.length; from += 500) {
    const slice = entries.slice(from, from + 500);
    const emails = slice.map(([email]) => email);
    const values = sql.join(
      slice.map(([email, license]) => sql`(${email}::text, ${license}::text)`),
      sql`, `,
    );
    const updated = await tx
      .update(users)
      .set({ license: sql`v.license` })
      .from(sql`(values ${values}) as v(email, license)`)
      .where(
        and(
          inArray(users.emailKey, emails),
          sql`${users.emailKey} = v.email`,
          isNull(users.deletedAt),
          sql`${users.license} is distinct from v.license`,
        ),
      )
      .returning({ uuid: users.uuid });
    changed += updated.length;
  }
  return changed;
}
