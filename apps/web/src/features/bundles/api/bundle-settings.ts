import type { BundleSettings } from '@equip/domain/bundles';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** `GET /bundle-api/settings`: who manages the applications new to a bundle (decision 028). */
export const bundleSettingsQueryOptions = () =>
  queryOptions({
    queryKey: bundleKeys.settings(),
    queryFn: ({ signal }) => bundleApi.get<BundleSettings>('/settings', { signal }),
  });

/** `PUT /bundle-api/settings`; the answer replaces what is cached. */
export function useSaveBundleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BundleSettings) => bundleApi.put<BundleSettings>('/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(bundleKeys.settings(), saved),
  });
}
