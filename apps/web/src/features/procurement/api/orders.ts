import type { DeliveryAddress, OrderDetail, OrderMonthTotals, OrderPage } from '@equip/domain/procurement';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { procurementKeys } from './query-keys';

export const ORDERS_PAGE_SIZE = 50;
/** While an order is still moving, the screen asks again this often (its provider reports by jobs). */
const MOVING_REFRESH_MS = 3000;
const FINAL = new Set(['delivered', 'undelivered', 'rejected', 'canceled']);

/** `GET /api/procurement/orders`: a page of the organisation's orders. */
export function getOrders(params: ListPageParams, signal?: AbortSignal): Promise<OrderPage> {
  return platformApi.get<OrderPage>('/procurement/orders', {
    query: { ...params.filter, skip: params.skip, take: params.take },
    signal,
  });
}

export const getOrdersQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: procurementKeys.orderList(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((order) => !FINAL.has(order.status)) ? MOVING_REFRESH_MS : false,
  });

/** `GET /api/procurement/orders/totals`: the last twelve months, bought vs rented. */
export function useOrderMonthTotals() {
  return useQuery({
    queryKey: [...procurementKeys.orders(), 'totals'],
    queryFn: ({ signal }) => platformApi.get<OrderMonthTotals>('/procurement/orders/totals', { signal }),
  });
}

/** `GET /api/procurement/orders/:uuid`, asked again while the order is on its way. */
export function useOrder(uuid: string) {
  return useQuery({
    queryKey: procurementKeys.order(uuid),
    queryFn: ({ signal }) =>
      platformApi.get<OrderDetail>(`/procurement/orders/${encodeURIComponent(uuid)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && !FINAL.has(query.state.data.status) ? MOVING_REFRESH_MS : false,
  });
}

/** `POST /api/procurement/orders/:uuid/cancel`. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      platformApi.post<OrderDetail>(`/procurement/orders/${encodeURIComponent(uuid)}/cancel`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procurementKeys.orders() }),
  });
}

/**
 * The address a person's hardware was last sent to (their latest order's), which the wizard starts
 * from; null when nothing was ordered for them yet.
 */
export function useSavedAddress(personUuid: string | null) {
  return useQuery({
    queryKey: procurementKeys.savedAddress(personUuid ?? ''),
    enabled: personUuid !== null,
    queryFn: async ({ signal }): Promise<DeliveryAddress | null> => {
      const page = await platformApi.get<OrderPage>('/procurement/orders', {
        query: {
          recipientUserUuids: [personUuid ?? ''],
          sortingKey: 'createdAt',
          sortingDirection: 'desc',
          take: 1,
        },
        signal,
      });
      const latest = page.items[0];
      if (!latest) return null;
      const order = await platformApi.get<OrderDetail>(
        `/procurement/orders/${encodeURIComponent(latest.uuid)}`,
        {
          signal,
        },
      );
      return order.deliveryAddress;
    },
  });
}
