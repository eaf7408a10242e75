/** Minimal cookie access for the auth tokens (the only cookies the browser code reads or writes). */

export function getCookie(name: string, doc: Document = document): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAgeMs: number, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  const maxAge = Math.floor(maxAgeMs / 1000);
  doc.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; samesite=strict${secure}`;
}

export function deleteCookie(name: string, doc: Document = document): void {
  doc.cookie = `${name}=; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; samesite=strict`;
}
