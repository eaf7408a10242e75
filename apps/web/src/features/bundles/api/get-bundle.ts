import type { BundleDetail } from '@equip/domain/bundles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** `GET /bundle-api/bundles/:uuid`: the bundle with its applications (settings and derived modes). */
export function getBundle(uuid: string, signal?: AbortSignal): Promise<BundleDetail> {
  return bundleApi.get<BundleDetail>(`/bundles/${encodeURIComponent(uuid)}`, { signal });
}

export function useBundle(uuid: string, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: bundleKeys.detail(uuid),
      queryFn: ({ signal }) => getBundle(uuid, signal),
      enabled: options.enabled ?? true,
    }),
  );
}
