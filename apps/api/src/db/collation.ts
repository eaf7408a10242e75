import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * How text sorts: by the Unicode root collation (ICU, CLDR), which both PostgreSQL and PGlite ship. It
 * puts Ågren and Özdemir among the A and O names, Łukasz among the L names and Şahin among the S names,
 * and case and accents do not split a list (adams next to Agnes) — as readers of English and German
 * expect. Every text sort of the lists goes through `collated`, and the indexes that serve them are
 * built on the same expression (docs/decisions/006-collation.md).
 */
export const TEXT_COLLATION = 'und-x-icu';

export const collated = (column: AnyPgColumn | SQL): SQL => sql`${column} collate "und-x-icu"`;
