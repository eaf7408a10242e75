import type { AuditLogEntry, AuditLogPage } from '@equip/domain/audit-log';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryValue } from '@/lib/api/api-client';
import { platformApi } from '@/lib/api/clients';
import { localeSettings } from '@/lib/i18n/i18n';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { dayStart } from '../lib/day-range';
import { auditLogKeys } from './query-keys';

export const AUDIT_LOG_PAGE_SIZE = 50;

/**
 * The list's filters as the API reads them: the days `from` and `to` (both inclusive) become the
 * instants where `from` begins and the day after `to` begins, in the organisation's time zone.
 */
export function auditLogApiQuery(filter: Record<string, QueryValue>): Record<string, QueryValue> {
  const { from, to, ...rest } = filter;
  return {
    ...rest,
    ...(typeof from === 'string' ? { from: dayStart(from) } : {}),
    ...(typeof to === 'string' ? { to: dayStart(to, 1) } : {}),
  };
}

export function getAuditLog(params: ListPageParams, signal?: AbortSignal): Promise<AuditLogPage> {
  return platformApi.get<AuditLogPage>('/audit-log', {
    query: { ...auditLogApiQuery(params.filter), skip: params.skip, take: params.take },
    signal,
  });
}

export const getAuditLogQueryOptions = (params: ListPageParams) =>
  queryOptions({
    // The days mean other instants in another time zone.
    queryKey: auditLogKeys.list(params, localeSettings().timeZone),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });

function findEventInLists(queryClient: QueryClient, uuid: string): AuditLogEntry | undefined {
  for (const [, page] of queryClient.getQueriesData<AuditLogPage>({ queryKey: auditLogKeys.lists() })) {
    const found = page?.items.find((event) => event.uuid === uuid);
    if (found) return found;
  }
  return undefined;
}

/** One event: the table's row at once when it holds it, else `GET /api/audit-log/:uuid` (a shared link). */
export function useAuditEvent(uuid: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: auditLogKeys.event(uuid),
    queryFn: ({ signal }) =>
      platformApi.get<AuditLogEntry>(`/audit-log/${encodeURIComponent(uuid)}`, { signal }),
    initialData: () => findEventInLists(queryClient, uuid),
    // Events never change.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
