import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-messages.ts';

describe('generic schema messages (SPEC §5)', () => {
  it('says Required for a missing value and Expected X, received Y for a wrong type', () => {
    const schema = z.object({ name: z.string(), age: z.number(), tags: z.array(z.string()) });
    const result = schema.safeParse({ age: 'old', tags: null });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: 'Required',
      age: 'Expected number, received string',
      tags: 'Expected array, received null',
    });
  });
});
