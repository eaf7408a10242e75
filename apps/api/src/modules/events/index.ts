// The event log's public surface: every module writes its changes through logEvent.
export { type EventInput, logEvent, logEventsInBulk } from './log.ts';
