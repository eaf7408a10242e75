import { paths } from '@/config/paths';
import { assignLocation } from './location';

type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * Called when the session is over (the token refresh was refused, or there is no refresh token):
 * the app's router listens and goes to /logout. Returns the unsubscribe function.
 */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Ends the session: the router goes to /logout; without a listener (outside the app) a full page load does. */
export function endSession(): void {
  if (listeners.size === 0) {
    assignLocation(paths.logout);
    return;
  }
  for (const listener of [...listeners]) listener();
}
