import type { DeviceListQuery } from '@equip/domain/devices';
import type { EmployeeListQuery } from '@equip/domain/employees';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { platformApi } from '@/lib/api/clients';

/**
 * A query of a list as its domain schema reads it from the address: each field the schema reads as a
 * string (text, `true`/`false`, a view), typed by that schema, so a filter renamed or removed in the
 * contract fails to compile here.
 */
type ListQuery<S extends z.ZodType> = {
  [Key in keyof z.input<S>]?: Extract<z.input<S>[Key], string>;
};

/**
 * The overview's figures, read as the totals of the lists themselves (one row each, so the list
 * machinery's kept summaries answer them): they always agree with what the tables show, the rules of
 * the lists included (staged devices only with it-2447-show-staged-devices, decided by the API).
 */
async function totalOf<S extends z.ZodType>(path: string, query: ListQuery<S>, signal?: AbortSignal) {
  const page = await platformApi.get<{ total: number }>(path, { query: { ...query, take: 1 }, signal });
  return page.total;
}

/** The employees table's figures: everyone but inactive people (its default view), and three of its views. */
const EMPLOYEE_FIGURES = {
  employees: {},
  onboarding: { view: 'onboarding' },
  offboarding: { view: 'offboarding' },
  withoutBundle: { onlyWithoutAssignedBundle: 'true' },
} satisfies Record<string, ListQuery<typeof EmployeeListQuery>>;

/** The devices table's figures: every device it lists, and its two security filters. */
const DEVICE_FIGURES = {
  devices: {},
  unencrypted: { showOnlyUnencrypted: 'true' },
  unprotected: { showOnlyUnprotected: 'true' },
} satisfies Record<string, ListQuery<typeof DeviceListQuery>>;

export type EmployeeCounts = Record<keyof typeof EMPLOYEE_FIGURES, number>;
export type DeviceCounts = Record<keyof typeof DEVICE_FIGURES, number>;

/** Each figure's total, read at once. */
async function totals<F extends string, S extends z.ZodType>(
  path: string,
  figures: Record<F, ListQuery<S>>,
  signal?: AbortSignal,
): Promise<Record<F, number>> {
  const entries = Object.entries(figures) as [F, ListQuery<S>][];
  const values = await Promise.all(entries.map(([, query]) => totalOf<S>(path, query, signal)));
  return Object.fromEntries(entries.map(([figure], i) => [figure, values[i]])) as Record<F, number>;
}

export const employeeCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['overview', 'employee-counts'],
    queryFn: ({ signal }): Promise<EmployeeCounts> =>
      totals<keyof EmployeeCounts, typeof EmployeeListQuery>('/employees', EMPLOYEE_FIGURES, signal),
  });

export const deviceCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['overview', 'device-counts'],
    queryFn: ({ signal }): Promise<DeviceCounts> =>
      totals<keyof DeviceCounts, typeof DeviceListQuery>('/devices', DEVICE_FIGURES, signal),
  });
