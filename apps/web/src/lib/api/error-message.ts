import { ApiError, HttpError } from './errors';

/** "in 30 seconds", "in 5 minutes (at 14:05)", "in 2 hours (at 16:00)". */
export function retryAfterText(seconds: number, now: Date = new Date()): string {
  const rounded = Math.max(1, Math.ceil(seconds));
  if (rounded < 60) return `in ${rounded} second${rounded === 1 ? '' : 's'}`;
  const at = new Date(now.getTime() + rounded * 1000).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  });
  const minutes = Math.ceil(rounded / 60);
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${at})`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'} (at ${at})`;
}

/** Network failures reach us as TypeErrors from fetch (the request never got an answer). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError || error instanceof HttpError ? error.status : undefined;
}

/**
 * A sentence for the person in front of the screen: no connection, too many attempts (with when to
 * retry), the server's own message for spec errors, or the fallback.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isNetworkError(error)) return 'We couldn’t reach Equip. Check your connection and try again.';
  if (error instanceof ApiError && error.status === 429) {
    return error.retryAfterSeconds === undefined
      ? 'Too many attempts. Please wait a while and try again.'
      : `Too many attempts. Try again ${retryAfterText(error.retryAfterSeconds)}.`;
  }
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  if (error instanceof Error && error.name === 'PasswordEncryptionError') return error.message;
  return fallback;
}
