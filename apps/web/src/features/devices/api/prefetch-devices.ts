import type { PagePrefetchContext } from '@/lib/app-services';
import { prefetchListPage } from '@/lib/list-state/list-page';
import { servicesQueryClient } from '@/lib/query-client';
import { devicesList } from '../devices-list';
import { isAssetRecord, parseDevicesTab } from '../lib/devices-tabs';
import { DEVICES_PAGE_SIZE, getDevicesQueryOptions } from './get-devices';

/**
 * The devices list's first page, asked for while the page's code and the signed-in user load
 * (`DashboardPage.prefetch`), when the address opens the devices tab: the table's first render finds
 * its rows in the cache. The assets tab asks for its own lists once it renders. Its own module, with
 * the list's definition and query only (the build's 'list-prefetch' chunk, vite.config.ts).
 */
export function prefetchDevicesPage({ pathname, search, services }: PagePrefetchContext): Promise<void> {
  if (isAssetRecord(pathname) || parseDevicesTab(search.get('tab')) !== 'devices') return Promise.resolve();
  return prefetchListPage(servicesQueryClient(services), devicesList, 'all', search, {
    queryOptions: getDevicesQueryOptions,
    pageSize: DEVICES_PAGE_SIZE,
  });
}
