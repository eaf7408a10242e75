import type { PersonApplication, PersonApplications } from '@equip/domain/bundle-installs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestSoftwareCommand } from '@/features/devices/public';
import { bundleApi } from '@/lib/api/clients';
import { bundleKeys } from './query-keys';

/** How often a person's applications are read again while one of them is pending. */
export const PERSON_APPLICATIONS_POLL_MS = 3000;

/** `GET /bundle-api/employees/:uuid/applications`: the person's bundle and where each application stands. */
export function getPersonApplications(uuid: string, signal?: AbortSignal): Promise<PersonApplications> {
  return bundleApi.get<PersonApplications>(`/employees/${encodeURIComponent(uuid)}/applications`, { signal });
}

export function usePersonApplications(uuid: string) {
  return useQuery(
    queryOptions({
      queryKey: bundleKeys.personApplications(uuid),
      queryFn: ({ signal }) => getPersonApplications(uuid, signal),
      refetchInterval: (query) =>
        query.state.data?.items.some((item) => item.status === 'pending')
          ? PERSON_APPLICATIONS_POLL_MS
          : false,
    }),
  );
}

/**
 * Installs a failed application again on the device of its failed install: the device's own install
 * (decision 030), then the person's applications are read again.
 */
export function useRetryInstall(personUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceUuid, applicationUuid }: { deviceUuid: string; applicationUuid: string }) =>
      requestSoftwareCommand(deviceUuid, 'install', applicationUuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.personApplications(personUuid) }),
  });
}

/**
 * `POST /bundle-api/employees/:uuid/applications/:applicationUuid/install`: an application of the
 * person's bundle installed on their devices now (one never requested), then their applications read again.
 */
export function useInstallForPerson(personUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationUuid: string) =>
      bundleApi.post<PersonApplication>(
        `/employees/${encodeURIComponent(personUuid)}/applications/${encodeURIComponent(applicationUuid)}/install`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.personApplications(personUuid) }),
  });
}
