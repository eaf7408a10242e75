// The event log's public surface: every module writes its changes through logEvent.
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
export { auditLogRoutes } from './routes.ts';
