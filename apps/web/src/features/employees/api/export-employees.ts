import { platformApi } from '@/lib/api/clients';
import { downloadFile } from '@/lib/download';
import type { EmployeeFilterQuery } from './get-employees';

/**
 * Downloads the table's rows (the current filters) as CSV in the import format. Fetched with the
 * bearer token and saved from a blob, since a plain link would not be authenticated.
 */
export async function exportEmployeesCsv(filter: EmployeeFilterQuery): Promise<void> {
  const csv = await platformApi.get<string>('/employees/export.csv', {
    query: filter,
    headers: { Accept: 'text/csv' },
  });
  const text = typeof csv === 'string' ? csv : '';
  downloadFile(text, `employees-${new Date().toISOString().slice(0, 10)}.csv`);
}
