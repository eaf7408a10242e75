import { queryOptions } from '@tanstack/react-query';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';

/**
 * The overview's figures, read as the totals of the lists themselves (one row each, so the list
 * machinery's kept summaries answer them): they always agree with what the tables show.
 */
async function totalOf(path: string, query: Record<string, QueryValue>, signal?: AbortSignal) {
  const page = await platformApi.get<{ total: number }>(path, { query: { ...query, take: 1 }, signal });
  return page.total;
}

export interface EmployeeCounts {
  /** Everyone but inactive people (the employees table's default view). */
  employees: number;
  onboarding: number;
  offboarding: number;
  withoutBundle: number;
}

export interface DeviceCounts {
  devices: number;
  unencrypted: number;
  unprotected: number;
}

export const employeeCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['overview', 'employee-counts'],
    queryFn: async ({ signal }): Promise<EmployeeCounts> => {
      const [employees, onboarding, offboarding, withoutBundle] = await Promise.all([
        totalOf('/employees', {}, signal),
        totalOf('/employees', { view: 'onboarding' }, signal),
        totalOf('/employees', { view: 'offboarding' }, signal),
        totalOf('/employees', { onlyWithoutAssignedBundle: true }, signal),
      ]);
      return { employees, onboarding, offboarding, withoutBundle };
    },
  });

export const deviceCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['overview', 'device-counts'],
    queryFn: async ({ signal }): Promise<DeviceCounts> => {
      const [devices, unencrypted, unprotected] = await Promise.all([
        totalOf('/devices', {}, signal),
        totalOf('/devices', { showOnlyUnencrypted: true }, signal),
        totalOf('/devices', { showOnlyUnprotected: true }, signal),
      ]);
      return { devices, unencrypted, unprotected };
    },
  });
