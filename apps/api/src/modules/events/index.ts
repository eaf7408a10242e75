// The event log's public surface: every module writes its changes through logEvent.
export { type EventInput, eventsAbout, lastEventBySubject, logEvent, logEventsInBulk } from './log.ts';
