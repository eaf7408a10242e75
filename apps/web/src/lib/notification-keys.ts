/**
 * The query key of the signed-in person's notifications. In lib so that an area whose action causes
 * a notification (an import) can refresh the panel at once without importing the notifications area;
 * between actions the panel polls (features/notifications, docs/decisions/011-notifications.md).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (take: number) => [...notificationKeys.all, 'page', take] as const,
};
