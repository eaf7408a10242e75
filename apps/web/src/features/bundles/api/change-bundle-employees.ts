import type { BundleEmployeesResult } from '@equip/domain/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/**
 * `POST /bundle-api/bundles/:uuid/employees` for the people added and `…/employees/unassign` for those
 * taken out (people in another bundle move to this one, decision 028).
 */
export async function changeBundleEmployees(
  uuid: string,
  change: { added: string[]; removed: string[] },
): Promise<BundleEmployeesResult[]> {
  const path = `/bundles/${encodeURIComponent(uuid)}/employees`;
  const results: BundleEmployeesResult[] = [];
  if (change.added.length > 0)
    results.push(await bundleApi.post<BundleEmployeesResult>(path, { employeeUuids: change.added }));
  if (change.removed.length > 0)
    results.push(
      await bundleApi.post<BundleEmployeesResult>(`${path}/unassign`, { employeeUuids: change.removed }),
    );
  return results;
}

export function useChangeBundleEmployees(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { added: string[]; removed: string[] }) => changeBundleEmployees(uuid, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all }),
  });
}
