import type { NotificationPage } from '@equip/domain/notification-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { platformApi } from '@/lib/api/clients';
import { notificationKeys } from '@/lib/notification-keys';

/** How many the panel shows at first; "Show more" asks for more, up to the API's 100. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX = 100;
/**
 * New notifications arrive by polling (decision 011): every 5 s while the tab is visible, at once when
 * the window regains focus, and right after the person's own actions (the query is invalidated).
 */
export const NOTIFICATIONS_POLL_MS = 5000;

export function getNotifications(take: number, signal?: AbortSignal): Promise<NotificationPage> {
  return platformApi.get<NotificationPage>('/notifications', { query: { take }, signal });
}

export const notificationsQueryOptions = (take = NOTIFICATIONS_PAGE_SIZE) =>
  queryOptions({
    queryKey: notificationKeys.page(take),
    queryFn: ({ signal }) => getNotifications(take, signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    // Polled data is never considered fresh: a remount or focus reads again.
    staleTime: 0,
    // "Show more" keeps the shown ones while the longer list loads.
    placeholderData: keepPreviousData,
  });

/** The person's newest notifications and their unread count (the panel and the top bar's badge). */
export const useNotifications = (take = NOTIFICATIONS_PAGE_SIZE) => useQuery(notificationsQueryOptions(take));

/** The unread count for the bell's badge (0 until known; asked for once the first screen has painted). */
export function useUnreadNotificationCount(): number {
  const enabled = useAfterFirstPaint();
  return useQuery({ ...notificationsQueryOptions(), enabled }).data?.unreadCount ?? 0;
}
