import type {
  CatalogItem,
  CreateCatalogItemRequest,
  UpdateCatalogItemRequest,
} from '@equip/domain/procurement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { procurementKeys } from './query-keys';

const catalogKey = [...procurementKeys.all, 'catalog'] as const;
const itemPath = (uuid: string) => `/procurement/catalog/${encodeURIComponent(uuid)}`;

/** `POST /api/procurement/catalog`: a model of the organisation's own (or a General one, by a provider admin). */
export function useCreateCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCatalogItemRequest) =>
      platformApi.post<CatalogItem>('/procurement/catalog', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}

/** `PATCH /api/procurement/catalog/:uuid`: its fields, and its configurations replaced whole. */
export function useUpdateCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, changes }: { uuid: string; changes: UpdateCatalogItemRequest }) =>
      platformApi.patch<CatalogItem>(itemPath(uuid), changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}

/** `DELETE /api/procurement/catalog/:uuid`. */
export function useDeleteCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => platformApi.delete<void>(itemPath(uuid)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}
