/**
 * Where Equip may send a browser after signing in (the SSO callback's `Location`, the login page's
 * `next`): a path on Equip's own origin, never another site (no open redirect, issue 24).
 *
 * A string check cannot tell: browsers remove tabs and line breaks anywhere in a URL and C0 controls
 * and spaces around it, and read `\` as `/`, so `"/\t/evil.example"` is `//evil.example` to them. The
 * target is therefore parsed by the WHATWG URL parser (the one browsers use) against a placeholder
 * origin and accepted only when the origin stays the placeholder's.
 */

/** Longer targets are refused: no page of Equip has an address near this long. */
export const MAX_REDIRECT_LENGTH = 2048;

/** Never a real host (RFC 2606): what a relative target resolves against. */
const PLACEHOLDER_ORIGIN = 'https://redirect-target.invalid';

/** What the URL parser removes before parsing: leading and trailing C0 controls and spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const OUTER_C0_OR_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** …and ASCII tab and newlines anywhere. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/**
 * The normalised path, query and fragment of `target` when it stays on Equip's origin, else
 * `fallback`. The answer is plain ASCII (the parser percent-encodes the rest) and parses to itself,
 * so it means the same to every browser and router that reads it again.
 */
export function safeRedirectPath(target: string | null | undefined): string | undefined;
export function safeRedirectPath(target: string | null | undefined, fallback: string): string;
export function safeRedirectPath(target: string | null | undefined, fallback?: string): string | undefined {
  if (typeof target !== 'string' || target.length > MAX_REDIRECT_LENGTH) return fallback;
  const cleaned = target.replace(OUTER_C0_OR_SPACE, '').replace(TAB_OR_NEWLINE, '');
  // A path, never a scheme (`https:evil`, `javascript:`) or a relative reference.
  if (!cleaned.startsWith('/')) return fallback;
  const url = onPlaceholder(cleaned);
  if (!url) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil` normalises to `//evil`: read again, that is another host. The answer must parse to
  // itself on the same origin.
  if (path.length > MAX_REDIRECT_LENGTH || onPlaceholder(path)?.href !== url.href) return fallback;
  return path;
}

/** `target` resolved against the placeholder origin, or null when it leaves it or does not parse. */
function onPlaceholder(target: string): URL | null {
  try {
    const url = new URL(target, PLACEHOLDER_ORIGIN);
    return url.origin === PLACEHOLDER_ORIGIN ? url : null;
  } catch {
    return null;
  }
}
