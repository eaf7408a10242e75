import type {
  CheckoutRecord,
  ProcurementDraftRecord,
  ProcurementDraftRequest,
} from '@equip/domain/procurement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { platformApi } from '@/lib/api/clients';
import { procurementKeys } from './query-keys';

/**
 * The wizard's finish: `POST /api/procurement/drafts` then `POST /api/procurement/checkouts` with the
 * installation's provider. A draft whose checkout failed is sent again by the next try (`draftUuid`).
 */
export async function placeOrder(
  input: z.input<typeof ProcurementDraftRequest>,
  draftUuid: string | null,
  onDraft: (uuid: string) => void,
): Promise<CheckoutRecord> {
  const uuid =
    draftUuid ?? (await platformApi.post<ProcurementDraftRecord>('/procurement/drafts', input)).uuid;
  onDraft(uuid);
  return platformApi.post<CheckoutRecord>('/procurement/checkouts', {
    procurementProviderKind: 'TopiComspot',
    procurementUuid: uuid,
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: {
      input: z.input<typeof ProcurementDraftRequest>;
      draftUuid: string | null;
      onDraft: (uuid: string) => void;
    }) => placeOrder(args.input, args.draftUuid, args.onDraft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procurementKeys.orders() }),
  });
}
