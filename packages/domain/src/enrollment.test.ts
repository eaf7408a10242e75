import { describe, expect, it } from 'vitest';
import { AgentReport, detectEnrollmentFlow, deviceKindOf, isAbmFlow } from './enrollment.ts';

const UA = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
};

describe('enrolment flow detection', () => {
  it('tells Macs, PCs, iPhones and iPads from the user agent', () => {
    expect(detectEnrollmentFlow({ userAgent: UA.mac })).toBe('WEB_MAC');
    expect(detectEnrollmentFlow({ userAgent: UA.windows })).toBe('WEB_PC');
    expect(detectEnrollmentFlow({ userAgent: UA.iphone })).toBe('WEB_IPHONE');
    expect(detectEnrollmentFlow({ userAgent: UA.ipad })).toBe('WEB_IPAD');
    expect(detectEnrollmentFlow({ userAgent: UA.linux })).toBe('WEB_UNKNOWN');
  });

  it('takes an iPadOS "Mac" with a touch screen for an iPad', () => {
    expect(detectEnrollmentFlow({ userAgent: UA.mac, maxTouchPoints: 5 })).toBe('WEB_IPAD');
  });

  it('follows an Apple Business Manager link, and only that kind of requested flow', () => {
    expect(detectEnrollmentFlow({ userAgent: UA.mac, requestedFlow: 'ABM_MAC' })).toBe('ABM_MAC');
    expect(detectEnrollmentFlow({ userAgent: UA.mac, requestedFlow: 'WEB_PC' })).toBe('WEB_MAC');
    expect(detectEnrollmentFlow({ userAgent: UA.mac, requestedFlow: 'nonsense' })).toBe('WEB_MAC');
  });

  it('knows what each flow enrols', () => {
    expect(deviceKindOf('WEB_PC')).toEqual({ os: 'WINDOWS', type: 'COMPUTER' });
    expect(deviceKindOf('ABM_IPAD')).toEqual({ os: 'IOS', type: 'TABLET' });
    expect(deviceKindOf('WEB_UNKNOWN')).toEqual({ os: 'UNKNOWN', type: 'COMPUTER' });
    expect(deviceKindOf('ABM_UNKNOWN')).toBeNull();
    expect(isAbmFlow('ABM_MAC')).toBe(true);
    expect(isAbmFlow('WEB_MAC')).toBe(false);
  });

  it('checks an agent report', () => {
    const report = {
      reportId: '00000000-0000-4000-8000-000000000001',
      collectedAt: '2026-11-23T10:00:00.000Z',
      agentVersion: '0.1.0',
      hostname: 'host',
      os: 'MACOS',
      osVersion: null,
      model: null,
      manufacturer: null,
      serialNumber: null,
      cpu: null,
      memoryBytes: null,
      diskBytes: null,
      diskEncrypted: null,
    };
    expect(AgentReport.safeParse(report).success).toBe(true);
    expect(AgentReport.safeParse({ ...report, hostname: '' }).success).toBe(false);
    expect(AgentReport.safeParse({ ...report, memoryBytes: -1 }).success).toBe(false);
  });
});
