import { describe, expect, it } from 'vitest';
import { BootConfig } from './boot.ts';
import { bootConfigProblems, DEFAULT_BOOT_CONFIG } from './boot-rules.ts';

const served = {
  apiUrls: { platform: '/api', bundle: '/bundle-api', webapp: '' },
  flags: { 'it-2871-suggested-bundles': 'on' },
  experiment: { mocked: false, deploymentKey: 'client-key', proxyUrl: '/experiment' },
  analytics: { writeKey: 'wk', apiHost: '/segment/v1', cdnUrl: '/segment-cdn' },
  helpDeskUrl: 'https://help.example.com/new',
  urls: {
    platform: 'https://app.example.com',
    enrolment: 'https://enrol.example.com',
    companion: 'https://get.example.com',
    marketing: 'https://example.com',
    support: 'https://help.example.com',
  },
};

describe('boot configuration check without zod', () => {
  it('accepts and refuses what the schema does', () => {
    const samples: unknown[] = [
      served,
      DEFAULT_BOOT_CONFIG,
      { ...served, analytics: { ...served.analytics, writeKey: null } },
      { ...served, helpDeskUrl: 42 },
      { ...served, urls: { ...served.urls, enrolment: null } },
      { ...served, urls: undefined },
      { ...served, flags: { a: 1 } },
      { ...served, flags: [] },
      { ...served, experiment: { ...served.experiment, mocked: 'false' } },
      { ...served, analytics: { ...served.analytics, writeKey: undefined } },
      { ...served, apiUrls: null },
      { ...served, apiUrls: { platform: '/api', bundle: '/bundle-api' } },
      { apiUrls: served.apiUrls },
      [],
      'boot',
      null,
    ];
    for (const sample of samples) {
      expect(bootConfigProblems(sample).length === 0, JSON.stringify(sample)).toBe(
        BootConfig.safeParse(sample).success,
      );
    }
  });

  it('names where each problem is', () => {
    expect(bootConfigProblems({ ...served, helpDeskUrl: 42 })).toEqual(['helpDeskUrl: unexpected 42']);
    expect(bootConfigProblems({ ...served, apiUrls: { platform: '/api', bundle: '/b' } })).toEqual([
      'apiUrls.webapp: unexpected nothing',
    ]);
    expect(bootConfigProblems(null)).toEqual(['(root): expected an object']);
  });
});
