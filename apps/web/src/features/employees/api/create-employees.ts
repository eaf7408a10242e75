import { CreateEmployeeRequest, type Employee } from '@equip/domain/employees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { platformApi } from '@/lib/api/clients';
import { employeeKeys } from './query-keys';

/** Several people at once, all or nothing (`POST /api/employees/bulk`). */
export const createEmployeesInputSchema = z.object({
  employees: z.array(CreateEmployeeRequest).min(1).max(500),
});
export type CreateEmployeesInput = z.input<typeof createEmployeesInputSchema>;

export function createEmployees(input: CreateEmployeesInput): Promise<{ items: Employee[] }> {
  return platformApi.post<{ items: Employee[] }>('/employees/bulk', input);
}

export function useCreateEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployees,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
