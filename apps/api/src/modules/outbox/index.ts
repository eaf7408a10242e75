// The outbox module's public surface.

export { cleanUpOutbox } from './clean-up.ts';
