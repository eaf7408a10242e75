import type { BundleApplicationSettingsInput, BundleDetail } from '@equip/domain/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** `PUT /bundle-api/bundles/:uuid/applications/:applicationUuid`: one application's settings in the bundle. */
export function useSetBundleApplication(bundleUuid: string, applicationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BundleApplicationSettingsInput) =>
      bundleApi.put<BundleDetail>(
        `/bundles/${encodeURIComponent(bundleUuid)}/applications/${encodeURIComponent(applicationUuid)}`,
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}
