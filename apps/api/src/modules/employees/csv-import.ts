import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/*
 * The employee import runs on the shared import machinery: the format is the domain's EMPLOYEE_IMPORT
 * column schema, reading, fairness and the all-or-nothing commit are in `src/imports/`, the writes in
 * service.importCsv. What is left here is particular to the users table.
 */

/** Imports at least this large refresh the planner's statistics of the users table. */
const ANALYZE_AFTER_ROWS = 1000;

/**
 * A large import changes the users table's statistics, and PGlite has no autovacuum to notice. This
 * runs after the import's answer, not before it: on PGlite it would queue the answer behind other
 * organisations' imports. There ANALYZE also runs on this thread, so it samples less (0.1 s instead
 * of 1 s at 200,000 people).
 */
export function refreshStatisticsAfterImport(
  database: Database,
  imported: number,
  onError: (error: unknown) => void,
): void {
  if (imported < ANALYZE_AFTER_ROWS) return;
  database.db
    .transaction(async (tx) => {
      if (database.kind === 'pglite') await tx.execute(sql`set local default_statistics_target = 10`);
      await tx.execute(sql`analyze users`);
    })
    .catch(onError);
}
