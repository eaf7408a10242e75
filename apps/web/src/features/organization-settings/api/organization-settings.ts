import type { CurrentUser } from '@equip/domain/identity';
import type { OrganizationSettings, UpdateOrganizationSettings } from '@equip/domain/organizations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { applyUserLocale } from '@/lib/i18n/i18n';
import { currentUserQueryKey } from '@/lib/session';

export const ORGANIZATION_SETTINGS_PATH = '/organization/settings';
const organizationSettingsKey = ['organization', 'settings'] as const;

export const organizationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: organizationSettingsKey,
    queryFn: ({ signal }) => platformApi.get<OrganizationSettings>(ORGANIZATION_SETTINGS_PATH, { signal }),
  });

/**
 * Renames the organisation or changes its time zone; the signed-in person's dates follow the new zone
 * at once (the cached user carries it).
 */
export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrganizationSettings) =>
      platformApi.patch<OrganizationSettings>(ORGANIZATION_SETTINGS_PATH, input),
    onSuccess: async (settings) => {
      queryClient.setQueryData(organizationSettingsKey, settings);
      const user = queryClient.getQueryData<CurrentUser>(currentUserQueryKey);
      if (!user) return;
      const updated = { ...user, organizationName: settings.name, timeZone: settings.timeZone };
      queryClient.setQueryData<CurrentUser>(currentUserQueryKey, updated);
      await applyUserLocale(updated);
    },
  });
}
