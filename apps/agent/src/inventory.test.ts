import { describe, expect, it } from 'vitest';
import { missingSerialNote } from './inventory.ts';

describe('the serial number a report carries', () => {
  it('says when the hardware serial could not be read, and how to add it on Linux', () => {
    expect(missingSerialNote({ serialNumber: 'C02XK1' }, 'linux', false)).toBeNull();
    expect(missingSerialNote({ serialNumber: null }, 'linux', false)).toMatch(
      /could not be read.*run `sudo equip-agent report`/,
    );
    expect(missingSerialNote({ serialNumber: null }, 'linux', true)).not.toMatch(/sudo/);
    expect(missingSerialNote({ serialNumber: null }, 'darwin', false)).toMatch(/could not be read/);
  });
});
