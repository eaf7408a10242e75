import type { BundleDetail, SetBundleApplicationsRequest } from '@equip/domain/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** `PUT /bundle-api/bundles/:uuid/applications`: the bundle's whole set of applications. */
export function setBundleApplications(
  uuid: string,
  input: z.input<typeof SetBundleApplicationsRequest>,
): Promise<BundleDetail> {
  return bundleApi.put<BundleDetail>(`/bundles/${encodeURIComponent(uuid)}/applications`, input);
}

export function useSetBundleApplications(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof SetBundleApplicationsRequest>) => setBundleApplications(uuid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}
