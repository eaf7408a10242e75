import type { MarkAllReadResult, NotificationPage } from '@equip/domain/notification-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';
import { notificationKeys } from '@/lib/notification-keys';

/** Shows the change at once in every cached page of the panel; the refetch then confirms it. */
function markCached(page: NotificationPage | undefined, isTarget: (uuid: string) => boolean) {
  if (!page) return page;
  const now = new Date().toISOString();
  let marked = 0;
  const items = page.items.map((item) => {
    if (item.readAt !== null || !isTarget(item.uuid)) return item;
    marked += 1;
    return { ...item, readAt: now };
  });
  return { ...page, items, unreadCount: Math.max(0, page.unreadCount - marked) };
}

function useMarkMutation<V>(
  request: (value: V) => Promise<unknown>,
  isTarget: (value: V) => (uuid: string) => boolean,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: async (value: V) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) =>
        markCached(page, isTarget(value)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /api/notifications/:uuid/read */
export const useMarkNotificationRead = () =>
  useMarkMutation(
    (uuid: string) => platformApi.post<null>(`/notifications/${encodeURIComponent(uuid)}/read`),
    (uuid) => (candidate) => candidate === uuid,
  );

/** POST /api/notifications/read-all */
export const useMarkAllNotificationsRead = () =>
  useMarkMutation(
    (_: undefined) => platformApi.post<MarkAllReadResult>('/notifications/read-all'),
    () => () => true,
  );
