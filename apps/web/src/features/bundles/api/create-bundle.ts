import type { BundleDetail, CreateBundleRequest } from '@equip/domain/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** `POST /bundle-api/bundles`: creates the bundle with its applications and people. */
export function createBundle(input: z.input<typeof CreateBundleRequest>): Promise<BundleDetail> {
  return bundleApi.post<BundleDetail>('/bundles', input);
}

export function useCreateBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBundle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}
