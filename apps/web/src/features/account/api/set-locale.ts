import type { CurrentUser } from '@equip/domain/identity';
import type { Locale, SetLocaleRequest } from '@equip/domain/locale';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { applyUserLocale } from '@/lib/i18n/i18n';
import { currentUserQueryKey } from '@/lib/session';

export const LOCALE_PATH = '/user/shared/auth/me/locale';

/** The person's language, stored on their user; null follows the browser. Answers 204. */
export function setLocale(input: SetLocaleRequest): Promise<void> {
  return platformApi.put<void>(LOCALE_PATH, input);
}

/**
 * Stores the language and switches the UI to it at once (no reload): the cached user gets the new
 * language, and the organisation's time zone stays.
 */
export function useSetLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale | null) => setLocale({ locale }),
    onSuccess: async (_, locale) => {
      const user = queryClient.getQueryData<CurrentUser>(currentUserQueryKey);
      if (user) queryClient.setQueryData<CurrentUser>(currentUserQueryKey, { ...user, locale });
      await applyUserLocale({ locale, timeZone: user?.timeZone ?? '' });
    },
  });
}
