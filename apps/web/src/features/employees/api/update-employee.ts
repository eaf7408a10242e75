import type { Employee, UpdateEmployeeRequest } from '@equip/domain/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

export function updateEmployee(uuid: string, changes: UpdateEmployeeRequest): Promise<Employee> {
  return platformApi.patch<Employee>(`/employees/${encodeURIComponent(uuid)}`, changes);
}

export function useUpdateEmployee(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateEmployeeRequest) => updateEmployee(uuid, changes),
    onSuccess: (employee) => {
      queryClient.setQueryData(employeeKeys.detail(uuid), employee);
      return queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
}
