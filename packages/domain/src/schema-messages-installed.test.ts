import { describe, expect, it } from 'vitest';
// Only a schema module, not `zod-messages.ts`: the browser loads the schemas with the forms that use
// them, and the SPEC §5 messages must come with them (`common.ts` installs them).
import { Email } from './identity.ts';

describe('schema messages', () => {
  it('are installed by importing any schema that builds on common.ts', () => {
    expect(Email.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
    expect(Email.safeParse(42).error?.issues[0]?.message).toBe('Expected string, received number');
  });
});
