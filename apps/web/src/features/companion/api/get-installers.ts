import type { CompanionInstallers } from '@equip/domain/companion';
import { queryOptions } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

/** `GET /api/companion/installers`: which companion installers this server offers. */
export function getInstallers(): Promise<CompanionInstallers> {
  return platformApi.get<CompanionInstallers>('/companion/installers');
}

/** Asked once per page at most (the releases folder changes with a release, not by the minute). */
export const installersQueryOptions = queryOptions({
  queryKey: ['companion', 'installers'],
  queryFn: getInstallers,
  staleTime: 60_000,
  retry: false,
});
