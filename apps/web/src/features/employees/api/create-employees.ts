import type { CreateEmployeesRequest, EmployeeList } from '@equip/domain/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

/** Several people at once, all or nothing (`POST /api/employees/bulk`); defaults are the server's. */
export function createEmployees(input: z.input<typeof CreateEmployeesRequest>): Promise<EmployeeList> {
  return platformApi.post<EmployeeList>('/employees/bulk', input);
}

export function useCreateEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployees,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
