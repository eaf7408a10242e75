import { useRecordUrl } from '@/lib/record-url';

const NO_TABS: readonly never[] = [];

/** The open event in the URL: `/dashboard/audit-log/<uuid>` over the list's filters (lib/record-url.ts). */
export const useAuditEventUrl = () => useRecordUrl('eventUuid', NO_TABS);
