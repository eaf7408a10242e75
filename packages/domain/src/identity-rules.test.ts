import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Email } from './identity.ts';
import { EMAIL_PATTERN, isEmail } from './identity-rules.ts';

describe('identity rules without zod', () => {
  it('checks emails with zod’s own pattern', () => {
    // The same pattern, written without escaping `-` where it needs none.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
  });

  it('accepts and refuses what Email does', () => {
    const samples = [
      'ada@acme.example',
      'first.last+tag@sub.acme.co',
      "o'neil@acme.example",
      'no-at-sign.example',
      'ada@acme',
      '.ada@acme.example',
      'ada..lovelace@acme.example',
      'ada@-acme.example',
      `${'a'.repeat(245)}@acme.example`,
      `${'a'.repeat(240)}@acme.example`,
      '',
    ];
    for (const sample of samples) expect(isEmail(sample), sample).toBe(Email.safeParse(sample).success);
  });
});
