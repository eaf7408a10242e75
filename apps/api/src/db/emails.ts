import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

/**
 * Emails as the installation compares them: one account per email across every organisation
 * (migration 0029), keyed by the database (`users.email_key`: NFKC-normalised, lower-cased) so that
 * lookups, the unique index and the in-use check never disagree with each other.
 */

/** The database's key of an email given as text. */
export const emailKeyOf = (email: string): SQL => sql`lower(normalize(${email}, NFKC))`;

/** Accounts (of any organisation the handle may read) whose email is this one. */
export const hasEmail = (email: string): SQL => sql`${users.emailKey} = ${emailKeyOf(email)}`;

/** The unique index that holds one account per email; a 23505 on it means "in use". */
export const EMAIL_UNIQUE_INDEX = 'users_email_key_unique';

/**
 * Which of `emails` an account anywhere in the installation already uses (not counting `exceptUser`),
 * answered as given. Works from a tenant transaction too, which sees only its own organisation's
 * people: the database function answers for every organisation and names none.
 */
export async function emailsInUseAnywhere(
  db: Db,
  emails: readonly string[],
  exceptUser?: string,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = (await db.execute(
    sql`select equip_emails_in_use(${sql.param([...emails])}::text[], ${exceptUser ?? null}::uuid) as email`,
  )) as unknown as { rows: { email: string }[] };
  return new Set(rows.map((r) => r.email));
}

/** How many emails accounts shared before emails were unique (migration 0029) and still share. */
export async function sharedEmailCount(db: Db): Promise<number> {
  const { rows } = (await db.execute(sql`
    select count(*)::int as shared from (
      select email_key from users where email_conflict and deleted_at is null
      group by email_key having count(*) > 1
    ) as conflicts`)) as unknown as { rows: { shared: number }[] };
  return rows[0]?.shared ?? 0;
}

/** True for a failed write that broke the one-account-per-email rule (a concurrent write won). */
export function isEmailInUseViolation(error: unknown): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string; constraint_name?: string } }).cause ??
    (error as { code?: string; constraint?: string; constraint_name?: string });
  const constraint = cause?.constraint ?? cause?.constraint_name;
  return cause?.code === '23505' && (constraint === undefined || constraint === EMAIL_UNIQUE_INDEX);
}
