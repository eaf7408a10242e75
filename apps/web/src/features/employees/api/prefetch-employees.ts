import type { PagePrefetchContext } from '@/lib/app-services';
import { prefetchListPage } from '@/lib/list-state/list-page';
import { servicesQueryClient } from '@/lib/query-client';
import { employeesTableList } from '../employees-list';
import { parseView } from '../lib/table-url';
import { EMPLOYEES_PAGE_SIZE, getEmployeesQueryOptions } from './get-employees';

/**
 * The open view's page of employees, asked for while the page's code and the signed-in user load
 * (`DashboardPage.prefetch`): the table's first render finds its rows in the cache. Its own module, with
 * the list's definition and query only: it asks as soon as the signed-in user is there, not once the
 * page's code has come (the build's 'list-prefetch' chunk, vite.config.ts).
 */
export function prefetchEmployeesPage({ search, services }: PagePrefetchContext): Promise<void> {
  return prefetchListPage(
    servicesQueryClient(services),
    employeesTableList,
    parseView(search.get('view')),
    search,
    { queryOptions: getEmployeesQueryOptions, pageSize: EMPLOYEES_PAGE_SIZE },
  );
}
