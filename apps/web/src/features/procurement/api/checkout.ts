import type { CheckoutView } from '@equip/domain/procurement';
import { useQuery } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { procurementKeys } from './query-keys';

const OPEN = new Set(['created', 'pending_review']);
const WATCH_MS = 2000;

/** `GET /api/procurement/checkouts/:uuid`, asked again until the provider decided and the order exists. */
export function useCheckout(uuid: string | null) {
  return useQuery({
    queryKey: [...procurementKeys.all, 'checkout', uuid ?? ''],
    enabled: uuid !== null,
    queryFn: ({ signal }) =>
      platformApi.get<CheckoutView>(`/procurement/checkouts/${encodeURIComponent(uuid ?? '')}`, { signal }),
    refetchInterval: (query) => {
      const checkout = query.state.data;
      if (!checkout) return WATCH_MS;
      return OPEN.has(checkout.status) || (checkout.status === 'accepted' && !checkout.orderUuid)
        ? WATCH_MS
        : false;
    },
  });
}
