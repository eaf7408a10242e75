// The audit log's public surface: every module writes its changes (its events) through logEvent.
export {
  type EventInput,
  type EventsLoggedHook,
  eventsAbout,
  type LoggedEvent,
  lastEventBySubject,
  logEvent,
  logEventsInBulk,
  onEventsLogged,
} from './log.ts';
