import type { SqlExecutor } from '../db/job-store.ts';
import { PROVIDER_ORGANIZATION_UUID } from '../db/schema/index.ts';
import type { Row, TenantReads } from '../db/tenant-reads.ts';

/**
 * The lists' read path for the provider admins' pages, whose lists belong to no organisation (the
 * provider admins, the background jobs): a list definition read with `readJsonPage` like every list,
 * its statements run on the system handle, outside any tenant. Only routes for provider admins use it.
 * The organisation a list is read for is `INSTALLATION` — the provider organisation, which no tenant
 * transaction can be bound to; the provider admins' list filters by it, the jobs' lists ignore it.
 */
export function systemReads(store: SqlExecutor): TenantReads {
  const read = async (
    _scope: string,
    statements: readonly { text: string; params: readonly unknown[] }[],
  ) => {
    const results: Row[][] = [];
    // One at a time: a page is one statement (and a count past its end another).
    for (const statement of statements)
      results.push((await store.executeSql(statement.text, [...statement.params])).rows);
    return results;
  };
  return {
    read,
    write: () => Promise.reject(new Error('The installation’s lists are read only')),
  };
}

/** What a list of the installation is read for (see systemReads). */
export const INSTALLATION = PROVIDER_ORGANIZATION_UUID;
