/**
 * Each event type in words, for the audit log's table, filter and drawer: each area's own, declared in
 * its feature's `area.ts` and gathered in `src/areas.ts`.
 */
export { EVENT_TYPE_LABELS } from '@/areas';
