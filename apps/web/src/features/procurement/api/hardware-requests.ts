import type { DeviceType } from '@equip/domain/devices';
import type {
  CreateHardwareRequest,
  HardwareRequestOutcome,
  HardwareRequestPage,
  RequestableModels,
} from '@equip/domain/hardware-requests';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import type { ListPageParams } from '@/lib/list-state/list-page';
import { retryUnlessClientError } from '@/lib/session';
import { procurementKeys } from './query-keys';

/** Hardware requests (decision 037): the requester's own, the IT owners' list, and their decisions. */
const requestKeys = {
  all: [...procurementKeys.all, 'hardware-requests'] as const,
  mine: () => [...requestKeys.all, 'mine'] as const,
  page: (params: ListPageParams) => [...requestKeys.all, 'list', params] as const,
  waiting: () => [...requestKeys.all, 'waiting'] as const,
  models: (deviceType: DeviceType) => [...requestKeys.all, 'models', deviceType] as const,
};

/** `GET /api/procurement/hardware-requests/mine`: the signed-in person's requests, newest first. */
export function useMyHardwareRequests() {
  return useQuery({
    queryKey: requestKeys.mine(),
    queryFn: ({ signal }) =>
      platformApi.get<HardwareRequestPage>('/procurement/hardware-requests/mine', {
        query: { take: 100 },
        signal,
      }),
    retry: retryUnlessClientError,
  });
}

/** `GET /api/procurement/hardware-requests/models`: the models a person may name, of one type. */
export function useRequestableModels(deviceType: DeviceType) {
  return useQuery({
    queryKey: requestKeys.models(deviceType),
    queryFn: ({ signal }) =>
      platformApi.get<RequestableModels>('/procurement/hardware-requests/models', {
        query: { deviceType },
        signal,
      }),
    retry: retryUnlessClientError,
  });
}

/** `POST /api/procurement/hardware-requests`. */
export function useCreateHardwareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateHardwareRequest) =>
      platformApi.post<HardwareRequestOutcome>('/procurement/hardware-requests', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** `POST /api/procurement/hardware-requests/:uuid/withdraw` (the requester, while it waits). */
export function useWithdrawHardwareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      platformApi.post<HardwareRequestOutcome>(
        `/procurement/hardware-requests/${encodeURIComponent(uuid)}/withdraw`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export const HARDWARE_REQUESTS_PAGE_SIZE = 50;

/** `GET /api/procurement/hardware-requests`: a page of the organisation's, newest first (IT owners). */
export const getHardwareRequestsQueryOptions = (params: ListPageParams) =>
  queryOptions({
    queryKey: requestKeys.page(params),
    queryFn: ({ signal }) =>
      platformApi.get<HardwareRequestPage>('/procurement/hardware-requests', {
        query: { ...params.filter, skip: params.skip, take: params.take },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** How many requests wait for a decision (the Requests tab's badge). */
export function useWaitingRequestCount(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.waiting(),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await platformApi.get<HardwareRequestPage>('/procurement/hardware-requests', {
          query: { statuses: ['requested'], take: 1 },
          signal,
        })
      ).total,
    retry: retryUnlessClientError,
  });
}

/** `POST …/:uuid/approve`: answers the draft the order wizard completes. */
export function useApproveHardwareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      platformApi.post<HardwareRequestOutcome>(
        `/procurement/hardware-requests/${encodeURIComponent(uuid)}/approve`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** `POST …/:uuid/decline` with the reason the requester is told. */
export function useDeclineHardwareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) =>
      platformApi.post<HardwareRequestOutcome>(
        `/procurement/hardware-requests/${encodeURIComponent(uuid)}/decline`,
        { reason },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
