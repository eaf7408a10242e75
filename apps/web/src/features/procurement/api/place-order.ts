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
 * installation's provider. A draft already made — by a finish whose checkout failed, or by a hardware
 * request's approval (decision 037) — gets the wizard's content (`PUT /api/procurement/drafts/:uuid`)
 * and is sent instead of a new one.
 */
export async function placeOrder(
  input: z.input<typeof ProcurementDraftRequest>,
  draftUuid: string | null,
  onDraft: (uuid: string) => void,
): Promise<CheckoutRecord> {
  const uuid = draftUuid
    ? (
        await platformApi.put<ProcurementDraftRecord>(
          `/procurement/drafts/${encodeURIComponent(draftUuid)}`,
          input,
        )
      ).uuid
    : (await platformApi.post<ProcurementDraftRecord>('/procurement/drafts', input)).uuid;
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
