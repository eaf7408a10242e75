import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

export function deleteEmployee(uuid: string): Promise<void> {
  return platformApi.delete<void>(`/employees/${encodeURIComponent(uuid)}`);
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: employeeKeys.detail(uuid) });
      return queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}
