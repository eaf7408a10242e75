import { describe, expect, it } from 'vitest';
import './zod-messages.ts';
import { z } from 'zod';
import { QueryBoolean, queryArray } from './common.ts';
import { DeviceReturnRequest } from './devices.ts';

describe('device return (SPEC §5)', () => {
  const device = '0b6f1c8e-8a59-4c51-9d3e-2f4e5d6a7b8c';
  it('needs a code when any device asks for a reset', () => {
    const missing = DeviceReturnRequest.safeParse({ devices: [{ deviceUuid: device, triggerReset: true }] });
    expect(missing.error?.issues[0]?.message).toBe('code is required if any device has triggerReset: true');
    expect(
      DeviceReturnRequest.safeParse({ devices: [{ deviceUuid: device, triggerReset: true }], code: '1234' })
        .success,
    ).toBe(true);
    expect(DeviceReturnRequest.safeParse({ devices: [{ deviceUuid: device }] }).success).toBe(true);
  });
});

describe('query conventions (SPEC §5)', () => {
  it('reads booleans only as the strings true and false', () => {
    expect(QueryBoolean.parse('true')).toBe(true);
    expect(QueryBoolean.parse('false')).toBe(false);
    expect(QueryBoolean.safeParse('1').success).toBe(false);
  });

  it('reads arrays repeated or comma-separated', () => {
    const schema = z.object({ s: queryArray(z.enum(['a', 'b', 'c'])) });
    expect(schema.parse({ s: ['a', 'b'] }).s).toEqual(['a', 'b']);
    expect(schema.parse({ s: 'a,c' }).s).toEqual(['a', 'c']);
    expect(schema.parse({}).s).toBeUndefined();
    expect(schema.safeParse({ s: 'a,x' }).success).toBe(false);
  });
});
