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

/** One step of the walk: a value and how it was reached (its parent's step and its key or index). */
interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

/** The keys and indexes from the root to a step. */
function pathOf(step: Step | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = step; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Where in a parsed request part (body, query, params) a string with a control character sits, as a
 * path of keys and indexes; null when there is none. Keys are checked as well as values, and the first
 * in document order is answered. The walk keeps its own stack and builds a path only for what it finds,
 * so any depth costs time in proportion to the values, never the call stack (issue 24: a body nested
 * 5,000 deep overflowed it, copying a path per level on the way).
 */
export function findControlCharacter(value: unknown): (string | number)[] | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  // Depth first, last pushed first: children are pushed from the last to the first.
  for (let step = stack.pop(); step; step = stack.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTER.test(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], key: index, parent: step });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      // Each key is looked at just before its value: a key is a string reached by the same path.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, key, parent: step }, { value: key, key, parent: step });
      }
    }
  }
  return null;
}
