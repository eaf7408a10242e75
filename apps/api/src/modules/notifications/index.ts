// The notifications module's public surface: the panel's routes, and the hook the event log calls.

export { notifyAbout } from './service.ts';
