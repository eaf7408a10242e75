import type { ListPageParams } from '@/lib/list-state/list-page';

/** Query keys of procurement; invalidating `procurementKeys.all` refreshes the catalog and the orders. */
export const procurementKeys = {
  all: ['procurement'] as const,
  catalog: (params: ListPageParams) => [...procurementKeys.all, 'catalog', params] as const,
  orders: () => [...procurementKeys.all, 'orders'] as const,
  orderList: (params: ListPageParams) => [...procurementKeys.orders(), 'list', params] as const,
  order: (uuid: string) => [...procurementKeys.orders(), 'detail', uuid] as const,
  savedAddress: (personUuid: string) => [...procurementKeys.all, 'saved-address', personUuid] as const,
};
