import { z } from 'zod';

/**
 * The generic schema messages of SPEC §5: a missing value is `Required`; a value of the wrong type is
 * `Expected X, received Y`. Installed once per process (server and browser) by importing this module.
 */
function describeReceived(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

export function installSchemaMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        if (issue.input === undefined) return 'Required';
        return `Expected ${issue.expected}, received ${describeReceived(issue.input)}`;
      }
      return undefined;
    },
  });
}

installSchemaMessages();
