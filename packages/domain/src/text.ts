import { z } from 'zod';

/**
 * Text people send: everything but control characters. NUL cannot be stored by PostgreSQL at all, and
 * the other control characters (but tab, line feed and carriage return, which multi-line notes need)
 * are never typed by a person; refusing them at the field beats a 500 from the database.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters (such as NUL)';

/** A string schema that refuses control characters (forms use it; the API checks every input). */
export const PlainText = z.string().refine((value) => !CONTROL_CHARACTER.test(value), {
  message: CONTROL_CHARACTER_MESSAGE,
});

/**
 * Where in a parsed request part (body, query, params) a string with a control character sits, as a
 * path of keys and indexes; null when there is none. Keys are checked as well as values.
 */
export function findControlCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return [...path, key];
      const found = findControlCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
