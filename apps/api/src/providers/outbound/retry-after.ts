/**
 * The instant a `Retry-After` header names (RFC 9110 §10.2.3): a number of seconds from now, or an
 * HTTP date. Null when there is none, or it cannot be read, or it has passed.
 */
export function retryAfterOf(header: string | null, now = new Date()): Date | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
  }
  const at = Date.parse(value);
  return Number.isFinite(at) && at > now.getTime() ? new Date(at) : null;
}
